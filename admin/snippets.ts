/**
 * @module Ready-to-paste examples for an endpoint: an HTML form and a curl command built
 * from the app's fields. The output is text the owner copies; Lit shows it escaped.
 */
import { exampleValue } from '../server/core/help/examples.ts'
import { shellQuote } from '../server/core/help/markdown.ts'
import type { Field } from './api.ts'

// One escaping, one example value and one HTML form for the whole project: the server's
// ?help pages show the same snippets, built by these pure functions.
export { escapeHtml, shellQuote } from '../server/core/help/markdown.ts'
export { htmlFormSnippet } from '../server/core/help/form-snippet.ts'

const DEFAULT_FIELDS: Array<Pick<Field, 'name' | 'type' | 'options'>> = [
  { name: 'email', type: 'email', options: null },
  { name: 'message', type: 'text', options: null },
]

type SnippetField = Pick<Field, 'name' | 'type' | 'options'>

/** A curl command that POSTs one JSON record built from sample values. */
export function curlSnippet(endpoint: string, fields: SnippetField[]): string {
  const list = fields.length ? fields : DEFAULT_FIELDS
  const data: Record<string, unknown> = {}
  for (const field of list) Object.defineProperty(data, field.name, { value: exampleValue(field), enumerable: true })
  const body = JSON.stringify({ data })
  return `curl -X POST ${shellQuote(endpoint)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`
}
