/**
 * @module The document title of each admin screen, most specific part first ("Data ·
 * Contact us · svc admin"), so browser tabs, history and a screen reader's first words
 * on a new screen say where you are.
 */

const SITE = 'svc admin'

/** Sets the title to `parts` (most specific first) followed by the site's name. */
export function setScreenTitle(...parts: string[]): void {
  document.title = [...parts, SITE].join(' · ')
}
