/**
 * @module Ready-to-paste examples for an endpoint: an HTML form and a curl command built
 * from the app's accepted fields (proposed ones, made by strangers' posts, are on no form
 * until the owner accepts them). The output is text the owner copies; Lit shows it escaped.
 */
import { exampleValue } from '../server/contract/help/examples.ts'
import { htmlFormSnippet as formSnippet, type SnippetField as FormField } from '../server/contract/help/form-snippet.ts'
import { shellQuote } from '../server/contract/help/markdown.ts'
import { multipartCurlCommand } from '../server/contract/help/file-examples.ts'
import type { Field } from './api.ts'

// One escaping, one example value and one HTML form for the whole project: the server's
// ?help pages show the same snippets, built by these pure functions.
export { escapeHtml, shellQuote } from '../server/contract/help/markdown.ts'

/** The fields a snippet shows: those the owner made or accepted. */
const accepted = <F extends { proposed?: boolean }>(fields: readonly F[]): F[] =>
  fields.filter((field) => !field.proposed)

/** The HTML form of the endpoint (as ?help shows it) with the accepted fields. */
export const htmlFormSnippet = (
  endpoint: string,
  fields: ReadonlyArray<FormField & { proposed?: boolean }>,
  honeypot: string,
): string => formSnippet(endpoint, accepted(fields), honeypot)

const DEFAULT_FIELDS: Array<Pick<Field, 'name' | 'type' | 'options'>> = [
  { name: 'email', type: 'email', options: null },
  { name: 'message', type: 'text', options: null },
]

type SnippetField = Pick<Field, 'name' | 'type' | 'options'> &
  Partial<Pick<Field, 'proposed' | 'maxFiles' | 'maxSize' | 'accept' | 'max'>>

/**
 * A curl command that POSTs one JSON record built from sample values; with a file field, a
 * multipart post to /form with the files instead (JSON could only name files uploaded before).
 */
export function curlSnippet(endpoint: string, fields: SnippetField[]): string {
  const shown = accepted(fields)
  if (shown.some((field) => field.type === 'file')) return multipartCurlCommand(endpoint, shown)
  const list = shown.length ? shown : DEFAULT_FIELDS
  const data: Record<string, unknown> = {}
  for (const field of list) Object.defineProperty(data, field.name, { value: exampleValue(field), enumerable: true })
  const body = JSON.stringify({ data })
  return `curl -X POST ${shellQuote(endpoint)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`
}
