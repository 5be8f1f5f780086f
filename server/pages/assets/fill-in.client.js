// Enhances the fill-in page (server/pages/fill-in.ts): inline validation, submission by
// fetch without leaving the page (files by XMLHttpRequest, whose upload reports progress),
// and one question per screen when the theme asks for it. Questions the conditions do not
// ask (data-skipped, set by show-if.client.js, which runs first) are neither checked nor shown.
// Without this file the page is a plain form that posts and redirects to the report.
// Problems go into the error summary (the GOV.UK pattern: "There is a problem", a link to
// each field, focus moved there); progress and the thank-you go into the status region.
// Both regions are in the page from the start, so screen readers announce what arrives.
// What a respondent reads is the server's: each question carries its type's words
// (data-missing, data-invalid) and the server fills in its words for a refused post.
;(() => {
  // Long: the page's one script; its handlers share the form and its regions.
  /** By error type: what a respondent is told of a refusal no question explains, and whether only the owner can fix it. */
  const REFUSALS = '__REFUSAL_WORDS__'
  /** What a respondent is told of a file larger than its field takes (a 413 that is not about the answers' length). */
  const FILE_TOO_LARGE = '__FILE_TOO_LARGE__'
  /** Under the question of the form's unique field when its answer was given before (409 duplicate naming it). */
  const DUPLICATE_ANSWER = '__DUPLICATE_ANSWER__'
  /** The words this script writes itself (progress, buttons, status), in English (languages/words.ts). */
  const SCRIPT_WORDS = '__SCRIPT_WORDS__'
  const form = document.querySelector('form[data-layout]')
  if (!form) return
  /** The page's built-in words in its language (data-words, languages/switcher.ts); English, these defaults, without it. */
  const WORDS = Object.assign(
    {
      ...SCRIPT_WORDS,
      refusals: REFUSALS,
      fileTooLarge: FILE_TOO_LARGE,
      duplicateAnswer: DUPLICATE_ANSWER,
    },
    form.dataset.words ? JSON.parse(form.dataset.words) : {},
  )
  const questions = [...form.querySelectorAll('.question')]
  const status = document.querySelector('.status')
  const summary = form.querySelector('.errors')
  const submit = form.querySelector('button[type=submit]')
  const title = document.title.startsWith(WORDS.error) ? document.title.slice(WORDS.error.length) : document.title
  form.noValidate = true

  /** The questions the conditions ask now, in order. */
  const asked = () => questions.filter((q) => !q.hasAttribute('data-skipped'))
  const errorOf = (q) => q.querySelector('.error')
  const controlsOf = (q) => [...q.querySelectorAll('input, select, textarea')]
  /** Where focus goes in a question: its chosen option, else its first control. */
  const focusTargetOf = (q) => controlsOf(q).find((c) => c.checked) || controlsOf(q)[0]

  function setError(q, message) {
    const box = errorOf(q)
    box.textContent = message || ''
    box.hidden = !message
    for (const c of controlsOf(q)) c.setAttribute('aria-invalid', message ? 'true' : 'false')
  }

  /** True when the question has an answer: a choice picked, or something typed or selected. */
  const answered = (q) => controlsOf(q).some((c) => (c.type === 'radio' || c.type === 'checkbox' ? c.checked : c.value))

  /** The field's rules as the server wrote them (data-rules): by key, each one's bound, message and words. */
  const rulesOf = (q) => (q.dataset.rules ? JSON.parse(q.dataset.rules) : {})

  /** The words of the first rule the browser found broken, or of the picks a multichoice counts. */
  function ruleProblemOf(q, c) {
    const rules = rulesOf(q)
    if (q.matches('fieldset')) {
      const picked = controlsOf(q).filter((x) => x.checked).length
      if (rules.minPicks && picked > 0 && picked < rules.minPicks.value) return rules.minPicks.words
      if (rules.maxPicks && picked > rules.maxPicks.value) return rules.maxPicks.words
      return ''
    }
    const v = c.validity
    const broken = [
      [v.tooShort, rules.minLength],
      [v.tooLong, rules.maxLength],
      [v.patternMismatch, rules.pattern],
      [v.rangeUnderflow, rules.min || rules.earliest],
      [v.rangeOverflow, rules.max || rules.latest],
      [v.stepMismatch, rules.step],
    ].find(([flag, rule]) => flag && rule)
    return broken ? broken[1].words : ''
  }

  function problemOf(q) {
    if (q.matches('fieldset'))
      return q.hasAttribute('data-required') && !answered(q) ? q.dataset.missing : ruleProblemOf(q, null)
    const c = controlsOf(q)[0]
    if (c.validity.valueMissing) return q.dataset.missing
    const rule = ruleProblemOf(q, c)
    if (rule) return rule
    if (c.validity.typeMismatch || c.validity.badInput || c.validity.stepMismatch) return q.dataset.invalid
    // A length the browser does not flag (a value it did not see typed) is counted here.
    const { minLength, maxLength } = rulesOf(q)
    const length = [...c.value].length
    if (minLength && length > 0 && length < minLength.value) return minLength.words
    if (maxLength && length > maxLength.value) return maxLength.words
    // Files are checked against the field's count and size before any byte is sent.
    if (c.type === 'file') {
      const files = [...c.files]
      if (files.length > Number(q.dataset.maxFiles)) return q.dataset.invalid
      if (files.some((file) => file.size > Number(q.dataset.maxSize))) return q.dataset.invalid
    }
    if (c.hasAttribute('data-json') && c.value.trim()) {
      try {
        JSON.parse(c.value)
      } catch {
        return q.dataset.invalid
      }
    }
    return ''
  }

  /** Fills the summary with a link per question in error and one line per other problem, and moves focus to it. */
  function showSummary(invalid, general = []) {
    summary.replaceChildren()
    const heading = document.createElement('h2')
    heading.textContent = WORDS.problem
    const list = document.createElement('ul')
    for (const q of invalid) {
      const item = document.createElement('li')
      const link = document.createElement('a')
      link.href = `#${controlsOf(q)[0].id}`
      // As respondent-words.ts labelSeparator: no ": " after a label's own "?" or ":".
      const separator = /[?!:.？！：。]$/u.test(q.dataset.label.trim()) ? ' ' : ': '
      link.textContent = `${q.dataset.label}${separator}${errorOf(q).textContent}`
      item.append(link)
      list.append(item)
    }
    for (const message of general) {
      const item = document.createElement('li')
      item.textContent = message
      list.append(item)
    }
    summary.append(heading, list)
    document.title = `${WORDS.error}${title}`
    summary.focus()
  }

  function clearSummary() {
    summary.replaceChildren()
    document.title = title
  }

  /** Checks `list`; problems are shown by their fields and in the summary. True when all is well. */
  function validate(list) {
    const invalid = []
    for (const q of list) {
      const message = problemOf(q)
      setError(q, message)
      if (message) invalid.push(q)
    }
    if (invalid.length > 0) showSummary(invalid)
    else clearSummary()
    return invalid.length === 0
  }

  // Messages change only on Submit or Next (as GOV.UK advises), never when a field loses
  // focus: a message vanishing then would move the button under the pointer mid-click.

  // One screen at a time with Back/Next: a page of the form (its sections, fill-in-pages.ts) or,
  // when the theme asks for it, one question; the last screen shows the submit button.
  // `screens` are the questions asked, by screen, when one was shown (the conditions change them).
  const sections = [...form.querySelectorAll('section.page')]
  const byPage = sections.length > 1
  /** The questions asked now, by screen: each page's (a page with none asked is skipped), or one each. */
  const screensNow = () =>
    byPage
      ? sections.map((section) => asked().filter((q) => section.contains(q))).filter((on) => on.length > 0)
      : asked().map((q) => [q])
  let current = 0
  let screens = screensNow()
  const paged = byPage || (form.dataset.layout === 'one-per-screen' && questions.length > 1)
  const nav = document.createElement('div')
  const back = document.createElement('button')
  const next = document.createElement('button')
  const progress = document.createElement('progress')
  function show(index) {
    screens = screensNow()
    current = Math.max(0, Math.min(index, screens.length - 1))
    const on = screens[current] ?? []
    for (const q of questions) q.hidden = !on.includes(q)
    for (const section of sections) section.hidden = !section.contains(on[0])
    back.hidden = current === 0
    next.hidden = current >= screens.length - 1
    submit.hidden = current < screens.length - 1
    // A titled page says its title too: "Page 2 of 3: Details".
    const title = byPage ? (sections.find((section) => section.contains(on[0]))?.dataset.title ?? '') : ''
    status.textContent = `${byPage ? WORDS.page : WORDS.question} ${current + 1} ${WORDS.of} ${screens.length}${title ? `: ${title}` : ''}`
    progress.max = screens.length
    progress.value = current + 1
  }
  /** Shows the screen `q` is on now. */
  const showScreenOf = (q) => show(screensNow().findIndex((on) => on.includes(q)))
  /** Shows another screen and focuses its first question, so focus never falls back to the page when Back or Next hides itself. */
  function moveTo(index) {
    show(index)
    focusTargetOf(screens[current][0]).focus()
  }
  if (byPage) {
    progress.className = 'progress'
    progress.setAttribute('aria-label', WORDS.progress)
    summary.after(progress)
  }
  if (paged) {
    nav.className = 'actions'
    back.type = next.type = 'button'
    back.className = 'secondary'
    back.textContent = WORDS.back
    next.textContent = WORDS.next
    back.addEventListener('click', () => moveTo(current - 1))
    next.addEventListener('click', () => {
      if (validate(screens[current])) moveTo(current + 1)
    })
    nav.append(back, next)
    submit.parentElement.prepend(nav)
    show(0)
    // An answer that asks more questions (or fewer) changes the screens after this one, not this one.
    form.addEventListener('svc:asked', () => showScreenOf(screens[current][0]))
  }

  // A link in the summary goes to its field, on its own screen when there is one per screen.
  summary.addEventListener('click', (event) => {
    const link = event.target.closest('a[href^="#"]')
    const control = link && document.getElementById(link.hash.slice(1))
    const q = control?.closest('.question')
    if (!q) return
    event.preventDefault()
    if (paged) showScreenOf(q)
    focusTargetOf(q).focus()
  })

  /**
   * Shows a refusal the server answered: each question it names with its type's words (a
   * question left unanswered was missing, one answered was refused), and for the rest the
   * server's sentence for the error, with the precise message when only the owner can fix it.
   */
  function showRefusal(error) {
    // A form that closed meanwhile: its page (a GET) shows the owner's closed text instead of the form.
    if (error.type === 'closed') return location.assign(location.pathname + location.search)
    const problems = error.details?.problems || []
    const invalid = []
    // A refusal about one file field's files (too many) names it in details.field.
    const named = problems.length === 0 && questions.find((x) => x.dataset.field === error.details?.field)
    if (named) {
      setError(named, error.type === 'duplicate' ? WORDS.duplicateAnswer : named.dataset.invalid)
      invalid.push(named)
    }
    let unexplained = problems.length === 0 && !named
    for (const p of problems) {
      const q = questions.find((x) => x.dataset.field === p.path)
      if (!q) unexplained = true
      else if (!invalid.includes(q)) {
        const rule = Object.values(rulesOf(q)).find((r) => r.message === p.message)
        setError(q, rule ? rule.words : answered(q) ? q.dataset.invalid : q.dataset.missing)
        invalid.push(q)
      }
    }
    const refusal =
      error.type === 'too_large' && error.details?.limit === 'maxSize'
        ? WORDS.fileTooLarge
        : WORDS.refusals[error.type] || WORDS.refusals.internal
    const general = unexplained ? [refusal.text] : []
    if (unexplained && refusal.owner) general.push(`${WORDS.forOwner}${error.message}`)
    if (paged && invalid.length > 0) showScreenOf(invalid[0])
    showSummary(invalid, general)
  }

  // A page the server refused (sent without this script's checks) starts at its summary.
  if (summary.childElementCount > 0) {
    if (paged) {
      const first = asked().find((q) => !errorOf(q).hidden)
      if (first) showScreenOf(first)
    }
    summary.focus()
  }

  // Files go as multipart/form-data by XMLHttpRequest, whose upload reports progress (fetch does not).
  const fileInputs = [...form.querySelectorAll('input[type=file]')]
  const upload = document.createElement('p')
  const bar = document.createElement('progress')
  if (fileInputs.length > 0) {
    const label = document.createElement('label')
    upload.className = 'upload'
    upload.hidden = true
    bar.id = 'upload-progress'
    bar.max = 100
    bar.value = 0
    label.htmlFor = bar.id
    label.textContent = WORDS.uploading
    upload.append(label, bar)
    submit.parentElement.before(upload)
  }

  /** Posts `data` (multipart) with the upload's progress on the bar; the answer as {ok, body}. */
  function sendFiles(data) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest()
      request.open('POST', form.action)
      request.setRequestHeader('accept', 'application/json')
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100)
      })
      // Said once in the status region (not every percent): the files are in, the answers are being saved.
      request.upload.addEventListener('load', () => {
        bar.value = 100
        status.textContent = WORDS.uploaded
      })
      request.addEventListener('load', () => {
        try {
          resolve({ ok: request.status >= 200 && request.status < 300, body: JSON.parse(request.responseText) })
        } catch (error) {
          reject(error)
        }
      })
      request.addEventListener('error', () => reject(new Error('network')))
      request.addEventListener('abort', () => reject(new Error('abort')))
      request.send(data)
    })
  }

  /** Posts the form: urlencoded by fetch, or with its files by sendFiles. */
  async function send() {
    if (!fileInputs.some((input) => input.files.length > 0)) {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        // Empty file inputs are left out: URLSearchParams takes text only.
        body: new URLSearchParams([...new FormData(form)].filter(([, value]) => typeof value === 'string')),
      })
      return { ok: response.ok, body: await response.json() }
    }
    bar.value = 0
    upload.hidden = false
    status.textContent = WORDS.sendingFiles
    try {
      return await sendFiles(new FormData(form))
    } finally {
      upload.hidden = true
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    // Enter in a question before the last screen means Next: check this question only, never the unseen ones.
    if (paged && current < screens.length - 1) {
      if (validate(screens[current])) moveTo(current + 1)
      return
    }
    if (!validate(asked())) {
      if (paged) showScreenOf(asked().find((q) => !errorOf(q).hidden))
      return
    }
    submit.disabled = true
    status.textContent = WORDS.sending
    // The proof-of-work solution (challenge.client.js), when the form asks for one: each is accepted once.
    const challenge = window.svcChallenge
    try {
      if (challenge) await challenge.ready()
      const { ok, body } = await send()
      if (challenge && !ok) challenge.renew()
      if (ok) {
        // The answers kept in the tab (keep-answers.client.js) are forgotten once sent.
        document.dispatchEvent(new CustomEvent('svc:sent'))
        const heading = document.createElement('h2')
        heading.textContent = WORDS.thanks
        form.remove()
        // A report link only when the app offers a report (a plain form's would be empty).
        if (body.data.reportUrl) {
          const link = document.createElement('a')
          link.href = body.data.reportUrl
          link.textContent = WORDS.results
          status.replaceChildren(heading, link)
          link.focus()
        } else {
          heading.tabIndex = -1
          status.replaceChildren(heading)
          // The owner offers another response: this form's page again, empty (the words are the server's).
          if (form.dataset.submitAnother) {
            const again = document.createElement('p')
            const link = document.createElement('a')
            link.href = form.getAttribute('action')
            link.textContent = form.dataset.submitAnother
            again.append(link)
            status.append(again)
          }
          heading.focus()
        }
        return
      }
      status.textContent = ''
      showRefusal(body.error || { type: 'internal', message: '' })
    } catch {
      status.textContent = WORDS.offline
    } finally {
      submit.disabled = false
    }
  })
})()
