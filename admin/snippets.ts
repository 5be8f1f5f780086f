/**
 * @module Ready-to-paste examples for an endpoint: an HTML form and a curl command built
 * from the app's fields. The output is text the owner copies; Lit shows it escaped.
 */
import { exampleValue } from '../server/core/help/examples.ts'
import { escapeHtml, shellQuote } from '../server/core/help/markdown.ts'
import type { Field } from './api.ts'

// One escaping and one example value for the whole project: the server's ?help pages
// build the same kind of snippets from these pure functions.
export { escapeHtml, shellQuote } from '../server/core/help/markdown.ts'

const DEFAULT_FIELDS: Array<Pick<Field, 'name' | 'type' | 'options' | 'label' | 'required'>> = [
  { name: 'email', type: 'email', options: null, label: 'E-mail', required: false },
  { name: 'message', type: 'text', options: null, label: 'Message', required: false },
]

type SnippetField = Pick<Field, 'name' | 'type' | 'options' | 'label' | 'required'>

function inputFor(field: SnippetField): string {
  const name = escapeHtml(field.name)
  const required = field.required ? ' required' : ''
  const label = escapeHtml(field.label || field.name)
  switch (field.type) {
    case 'choice':
      return [
        `  <label>${label}`,
        `    <select name="${name}"${required}>`,
        ...(field.options ?? []).map((o) => `      <option>${escapeHtml(o)}</option>`),
        `    </select>`,
        `  </label>`,
      ].join('\n')
    case 'multichoice':
      return [
        `  <fieldset><legend>${label}</legend>`,
        ...(field.options ?? []).map((o) => `    <label><input type="checkbox" name="${name}" value="${escapeHtml(o)}"> ${escapeHtml(o)}</label>`),
        `  </fieldset>`,
      ].join('\n')
    case 'boolean':
      return `  <label><input type="checkbox" name="${name}" value="true"${required}> ${label}</label>`
    case 'longtext':
      return `  <label>${label} <textarea name="${name}"${required}></textarea></label>`
    case 'json':
    case 'text':
      return /message|comment|text|body/i.test(field.name)
        ? `  <label>${label} <textarea name="${name}"${required}></textarea></label>`
        : `  <label>${label} <input name="${name}"${required}></label>`
    default: {
      const type = field.type === 'number' ? 'number" step="any' : field.type
      return `  <label>${label} <input type="${type}" name="${name}"${required}></label>`
    }
  }
}

/** An HTML form that posts to the endpoint's /form route, with the honeypot hidden. */
export function htmlFormSnippet(endpoint: string, fields: SnippetField[], honeypot: string): string {
  const list = fields.length ? fields : DEFAULT_FIELDS
  return [
    `<form action="${escapeHtml(endpoint)}/form" method="POST">`,
    ...list.map(inputFor),
    `  <!-- Spam trap: people never see it, bots fill it in -->`,
    `  <input type="text" name="${escapeHtml(honeypot)}" tabindex="-1" autocomplete="off" hidden>`,
    `  <button type="submit">Send</button>`,
    `</form>`,
  ].join('\n')
}

/** A curl command that POSTs one JSON record built from sample values. */
export function curlSnippet(endpoint: string, fields: SnippetField[]): string {
  const list = fields.length ? fields : DEFAULT_FIELDS
  const data: Record<string, unknown> = {}
  for (const field of list) Object.defineProperty(data, field.name, { value: exampleValue(field), enumerable: true })
  const body = JSON.stringify({ data })
  return `curl -X POST ${shellQuote(endpoint)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`
}
