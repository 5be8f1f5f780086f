// Enhances the fill-in page (server/pages/fill-in.ts): inline validation, submission by
// fetch without leaving the page, and one question per screen when the theme asks for it.
// Without this file the page is a plain form that posts and redirects to the report.
;(() => {
  const form = document.querySelector('form[data-layout]')
  if (!form) return
  const questions = [...form.querySelectorAll('.question')]
  const status = form.querySelector('.status')
  const summary = form.querySelector('.errors')
  const submit = form.querySelector('button[type=submit]')
  form.noValidate = true

  const errorOf = (q) => q.querySelector('.error')
  const controlsOf = (q) => [...q.querySelectorAll('input, select, textarea')]

  function setError(q, message) {
    const box = errorOf(q)
    box.textContent = message || ''
    box.hidden = !message
    for (const c of controlsOf(q)) c.setAttribute('aria-invalid', message ? 'true' : 'false')
  }

  function problemOf(q) {
    const controls = controlsOf(q)
    if (q.matches('fieldset')) {
      const picked = controls.some((c) => c.checked)
      return q.hasAttribute('data-required') && !picked ? 'Please choose an answer.' : ''
    }
    const c = controls[0]
    if (c.validity.valueMissing) return 'Please answer this question.'
    if (c.validity.typeMismatch) return c.type === 'email' ? 'Please enter an e-mail address like name@example.com.' : 'Please check this answer.'
    if (c.validity.badInput || c.validity.stepMismatch) return 'Please enter a number.'
    if (c.tagName === 'TEXTAREA' && c.value.trim()) {
      try {
        JSON.parse(c.value)
      } catch {
        return 'Please enter valid JSON.'
      }
    }
    return ''
  }

  function validate(list) {
    let first = null
    for (const q of list) {
      const message = problemOf(q)
      setError(q, message)
      if (message && !first) first = q
    }
    if (first) controlsOf(first)[0].focus()
    return !first
  }

  for (const q of questions) q.addEventListener('change', () => setError(q, problemOf(q)))

  // One question per screen: show one at a time with Back/Next; the last shows the submit button.
  let current = 0
  const paged = form.dataset.layout === 'one-per-screen' && questions.length > 1
  const nav = document.createElement('div')
  const back = document.createElement('button')
  const next = document.createElement('button')
  function show(index) {
    current = index
    questions.forEach((q, i) => (q.hidden = i !== index))
    back.hidden = index === 0
    next.hidden = index === questions.length - 1
    submit.hidden = index !== questions.length - 1
    status.textContent = `Question ${index + 1} of ${questions.length}`
  }
  if (paged) {
    nav.className = 'actions'
    back.type = next.type = 'button'
    back.className = 'secondary'
    back.textContent = 'Back'
    next.textContent = 'Next'
    back.addEventListener('click', () => show(current - 1))
    next.addEventListener('click', () => {
      if (validate([questions[current]])) {
        show(current + 1)
        controlsOf(questions[current])[0].focus()
      }
    })
    nav.append(back, next)
    submit.parentElement.prepend(nav)
    show(0)
  }

  function showProblems(problems) {
    const general = []
    let first = null
    for (const p of problems) {
      const q = questions.find((x) => x.dataset.field === p.path)
      if (q) {
        setError(q, p.message)
        first = first || q
      } else general.push(p.message)
    }
    summary.hidden = false
    summary.querySelectorAll('p.general').forEach((el) => el.remove())
    for (const message of general) {
      const p = document.createElement('p')
      p.className = 'general'
      p.textContent = message
      summary.append(p)
    }
    if (paged && first) show(questions.indexOf(first))
    if (first) controlsOf(first)[0].focus()
    else summary.focus()
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    summary.hidden = true
    if (!validate(questions)) {
      if (paged) show(questions.findIndex((q) => !errorOf(q).hidden))
      return
    }
    submit.disabled = true
    status.textContent = 'Sending…'
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(new FormData(form)),
      })
      const body = await response.json()
      if (response.ok) {
        const done = document.createElement('div')
        done.setAttribute('role', 'status')
        const heading = document.createElement('h2')
        heading.textContent = 'Thank you – your answers were saved.'
        const link = document.createElement('a')
        link.href = body.data.reportUrl
        link.textContent = 'See your results'
        done.append(heading, link)
        form.replaceWith(done)
        link.focus()
        return
      }
      const problems = (body.error && body.error.details && body.error.details.problems) || []
      showProblems(problems.length > 0 ? problems : [{ path: '', message: body.error ? body.error.message : 'Something went wrong.' }])
      status.textContent = ''
    } catch {
      status.textContent = 'Could not send your answers. Check your connection and try again.'
    } finally {
      submit.disabled = false
    }
  })
})()
