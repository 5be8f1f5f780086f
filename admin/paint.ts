/**
 * @module Data-driven inline styles that survive the admin page's CSP. `style-src 'self'`
 * blocks `style="…"` attributes (which Lit's styleMap writes on first render), but not
 * CSSOM writes, so colours chosen by the owner are set through `element.style`.
 */
import { ref } from 'lit/directives/ref.js'

/** A Lit element directive that sets CSS properties (kebab-case names) on its element. */
export const paint = (properties: Record<string, string>) =>
  ref((element) => {
    if (!(element instanceof HTMLElement)) return
    for (const [name, value] of Object.entries(properties)) element.style.setProperty(name, value)
  })
