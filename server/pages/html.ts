/**
 * @module A tiny escaping template tag for server-rendered pages. Every interpolated value
 * is HTML-escaped (text and quoted attribute values alike) unless it is already `Html`
 * made by this tag; arrays are joined. Markup can only come from template literals in
 * this folder, never from data.
 */

/** Markup produced by `html`; safe to interpolate without escaping. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML text content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

type Value = Html | string | number | boolean | null | undefined | readonly Value[]

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return new Html(out)
}

/** Marks text as trusted markup; only for text this module's callers built and checked (CSS, SVG numbers). */
export const trusted = (markup: string): Html => new Html(markup)
