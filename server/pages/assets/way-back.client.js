// The way back to the form from a page a native form post led to (server/pages/way-back.ts):
// the browser's history keeps the form's page with what was typed in it, so going back
// shows the very page with its answers, from another site or a file:// page alike.
// Without this script the block says to use the browser's Back button.
;(() => {
  const way = document.querySelector('[data-way-back]')
  // This tab came here from the form only when there is an entry to go back to (a form that opened a new tab leaves none).
  if (!way || history.length < 2) return
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = way.dataset.wayBack
  button.addEventListener('click', () => history.back())
  way.replaceChildren(button)
})()
