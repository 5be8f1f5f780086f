/**
 * @module Custom CSS rules. The CSS goes into a <style> element of public pages, so it
 * must not close that element, load anything from another origin (tracking, or
 * stylesheets that change the page behind the owner's back) or run script in old
 * browsers. Offending CSS is refused with every problem listed rather than silently
 * edited, so the owner sees exactly what was not accepted.
 */
import type { Problem } from '../errors.ts'

export interface Rule {
  test: RegExp
  message: string
}

// Checked on the CSS with comments removed (not replaced by spaces), so `@im/**/port` style tricks cannot hide a rule.
// Exported so the connect skill document lists exactly what is refused.
export const CSS_RULES: readonly Rule[] = [
  { test: /</, message: 'cannot contain "<" (it could close the style element)' },
  { test: /\\/, message: 'cannot contain backslash escapes (they can disguise forbidden words)' },
  { test: /@import/i, message: 'cannot use @import' },
  { test: /expression\s*\(/i, message: 'cannot use expression()' },
  { test: /(?:java|vb)script\s*:/i, message: 'cannot contain script URLs' },
  { test: /-moz-binding|behavior\s*:/i, message: 'cannot use -moz-binding or behavior' },
  { test: /@namespace|@font-face/i, message: 'cannot use @namespace or @font-face (fonts come from the system stacks)' },
]

const COMMENTS = /\/\*[\s\S]*?(?:\*\/|$)/g
const URL_CALL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi
const SAME_ORIGIN_PATH = /^(?:\/(?!\/)|\.{0,2}\/|[\w-]+(?:\/|\.|$)|#)/
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|svg\+xml)[;,]/i

/** Every reason `css` is not acceptable as custom CSS (empty when it is fine). */
export function customCssProblems(css: string, path = 'customCss'): Problem[] {
  const text = css.replace(COMMENTS, '')
  const problems: Problem[] = CSS_RULES.filter((rule) => rule.test.test(text)).map((rule) => ({ path, message: rule.message }))
  for (const match of text.matchAll(URL_CALL)) {
    const target = match[2].trim()
    if (DATA_IMAGE.test(target)) continue
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || !SAME_ORIGIN_PATH.test(target)) {
      problems.push({ path, message: `url(${target}) points to another origin; only relative paths on this server and data:image URLs are allowed` })
    }
  }
  if (/image-set\s*\(\s*['"]|src\s*\(/i.test(text)) problems.push({ path, message: 'image-set() and src() with strings are not allowed; use url() with a relative path' })
  if (/:\/\//.test(text.replace(URL_CALL, ''))) problems.push({ path, message: 'cannot contain links to other origins ("://")' })
  return problems
}
