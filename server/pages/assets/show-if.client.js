// Conditional questions on the fill-in page (server/pages/fill-in.ts): the form carries its
// fields in order with their conditions (data-conditions, fill-in-conditions.ts), and this
// script asks a question only when earlier answers meet its condition, live, as they change.
// Which questions are asked is decided by the server's own evaluator
// (contract/fields/show-if-eval.ts), whose source the server puts in place of the string at
// the end of this file (server/pages/assets.ts), so page and server agree.
// A question not asked is marked data-skipped (the style sheet hides it) and its controls are
// disabled, so they post nothing; a conditional question that is required gets `required`
// only while it is asked. The page's other script (fill-in.client.js) reads data-skipped,
// and hears 'svc:asked' on the form when the questions asked change.
// Without this file every question shows, and the server drops the answers the rules hide.
;((shownFields) => {
  const form = document.querySelector('form[data-conditions]')
  if (!form) return
  /** Every field in order, hidden ones too: {name, showIf?, pageIf?, answer?} (server/pages/fill-in-conditions.ts). */
  const fields = JSON.parse(form.dataset.conditions)
  const questions = new Map([...form.querySelectorAll('.question')].map((q) => [q.dataset.field, q]))
  /** The controls that post a field: a question's, or the hidden input a link filled. */
  const controlsNamed = (name) => [...form.elements].filter((c) => c.name === name)
  const controlsOf = (q) => [...q.querySelectorAll('input, select, textarea')]

  // Told to screen readers: how many questions appeared or went away.
  const told = document.createElement('p')
  told.className = 'visually-hidden'
  told.setAttribute('aria-live', 'polite')
  form.append(told)

  /** An answer as the server reads the form's text (`answer`: the kind of value); undefined for none. */
  function answerOf(field) {
    const texts = controlsNamed(field.name)
      .filter((c) => (c.type === 'radio' || c.type === 'checkbox' ? c.checked : c.value !== ''))
      .map((c) => c.value)
    if (field.answer === 'list') return texts
    if (texts.length === 0) return undefined
    const text = texts[0]
    if (field.answer === 'number') {
      const number = Number(text.trim())
      return text.trim() !== '' && Number.isFinite(number) ? number : text
    }
    if (field.answer === 'boolean') {
      const lower = text.trim().toLowerCase()
      return ['true', 'on', 'yes', '1'].includes(lower)
        ? true
        : ['false', 'off', 'no', '0'].includes(lower)
          ? false
          : text
    }
    return text
  }

  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`

  /** Asks the questions the answers call for; `tell`: say what changed in the live region (not on load). */
  function update(tell) {
    const answers = Object.create(null)
    for (const field of fields) {
      const answer = answerOf(field)
      if (answer !== undefined) answers[field.name] = answer
    }
    const shown = shownFields(fields, answers)
    let appeared = 0
    let gone = 0
    for (const field of fields) {
      if (!field.showIf && !field.pageIf) continue
      const skip = !shown.has(field.name)
      const q = questions.get(field.name)
      // A hidden field (filled from the link) the conditions do not ask posts nothing either.
      if (!q) {
        for (const c of controlsNamed(field.name)) c.disabled = skip
        continue
      }
      const changed = skip !== q.hasAttribute('data-skipped')
      // On load every conditional question gets its state; later only those that change.
      if (!changed && tell) continue
      if (changed && skip) gone++
      else if (changed) appeared++
      q.toggleAttribute('data-skipped', skip)
      // A required question is required only while it is asked (the server renders it without `required`).
      const required = !skip && q.hasAttribute('data-required')
      for (const c of controlsOf(q)) {
        c.disabled = skip
        if (c.type !== 'checkbox' || !q.hasAttribute('data-multiple')) c.required = required
        if (!q.matches('fieldset')) c.setAttribute('aria-required', String(required))
      }
      if (q.getAttribute('role') === 'radiogroup') q.setAttribute('aria-required', String(required))
    }
    if (appeared + gone === 0) return
    if (tell) {
      const parts = []
      if (appeared > 0) parts.push(plural(appeared, 'more question'))
      if (gone > 0) parts.push(`${plural(gone, 'question')} fewer`)
      told.textContent = parts.join(', ')
    }
    form.dispatchEvent(new CustomEvent('svc:asked'))
  }

  update(false)
  form.addEventListener('input', () => update(true))
  form.addEventListener('change', () => update(true))
})('__SHOWN_FIELDS__')
