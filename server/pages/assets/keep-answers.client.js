// Keeps the fill-in page's answers in this tab's sessionStorage (server/pages/fill-in.ts), so
// a reload or a slip of the Back button does not lose them: each change is saved, a page
// loaded again is filled in from what was saved, and a sent form forgets it (fill-in.client.js
// says 'svc:sent'). Files cannot be put back (a browser never lets a page choose them), hidden
// fields keep what the link gave them, and a form the server sent back with its problems keeps
// the answers it shows. Runs before the other scripts, so the conditions start from the answers.
;(() => {
  const form = document.querySelector('form[data-layout]')
  if (!form) return
  const key = `svc:answers:${location.pathname}`
  /** The controls whose answers are kept: not files, hidden fields or the honeypot. */
  const kept = () =>
    [...form.elements].filter(
      (c) => c.name && !c.closest('.hp') && !['file', 'hidden', 'submit', 'button'].includes(c.type),
    )
  function save() {
    const answers = kept().flatMap((c) =>
      c.type === 'radio' || c.type === 'checkbox' ? (c.checked ? [[c.name, c.value]] : []) : [[c.name, c.value]],
    )
    try {
      sessionStorage.setItem(key, JSON.stringify(answers))
    } catch {
      // Storage full or refused (a private window): the answers stay in the page only.
    }
  }
  function restore() {
    let answers = []
    try {
      answers = JSON.parse(sessionStorage.getItem(key) ?? '[]')
    } catch {
      return
    }
    if (!Array.isArray(answers) || answers.length === 0) return
    for (const c of kept()) {
      const values = answers.filter(([name]) => name === c.name).map(([, value]) => value)
      if (c.type === 'radio' || c.type === 'checkbox') c.checked = values.includes(c.value)
      else if (values.length > 0) c.value = values[0]
    }
  }
  // A form sent back with its problems shows the answers that were posted.
  if (!form.querySelector('.errors')?.childElementCount) restore()
  form.addEventListener('input', save)
  form.addEventListener('change', save)
  document.addEventListener('svc:sent', () => sessionStorage.removeItem(key))
})()
