/**
 * @module Working examples built from an endpoint's live fields: an example record, and
 * the curl, fetch, sendBeacon, HTML form, batch and webhook snippets that send it. Names
 * and values go through JSON, shell and HTML escaping, so any field name stays valid.
 */
import { fieldTypeSpec } from '../fields/types/index.ts'
import { htmlFormSnippet } from './form-snippet.ts'
import { codeBlock, shellQuote } from './markdown.ts'
import type { HelpField, HelpInput } from './input.ts'

/** A plausible value of a field's type, valid against its options (the type's spec says which). */
export function exampleValue(field: Pick<HelpField, 'type' | 'options' | 'max'>): unknown {
  return fieldTypeSpec(field.type).example(field.options, field)
}

/** An example `data` object: one value per field, or a small message form when there are none. */
export function exampleData(
  fields: ReadonlyArray<Pick<HelpField, 'name' | 'type' | 'options' | 'max'>>,
): Record<string, unknown> {
  if (fields.length === 0) return { name: 'Ada', email: 'ada@example.com', message: 'Hello' }
  const data: Record<string, unknown> = {}
  // defineProperty: a field named `__proto__` must become an ordinary key.
  for (const field of fields)
    Object.defineProperty(data, field.name, {
      value: exampleValue(field),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return data
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

/** The example record as form name/value pairs: arrays repeat the name, objects are JSON text; files are no text, so left out. */
export function formPairs(
  fields: ReadonlyArray<Pick<HelpField, 'name' | 'type' | 'options' | 'max'>>,
): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const texts = fields.filter((field) => field.type !== 'file')
  if (fields.length > 0 && texts.length === 0) return pairs
  for (const [name, value] of Object.entries(exampleData(texts))) {
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push([name, typeof item === 'string' ? item : JSON.stringify(item)])
  }
  return pairs
}

/** curl posting the example record in the canonical shape. */
export function curlJson(input: HelpInput): string {
  const body = JSON.stringify({ data: exampleData(input.fields), meta: { source: 'curl' } })
  return codeBlock(
    `curl -X POST ${shellQuote(input.url)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`,
    'sh',
  )
}

/** curl posting the same record flat. */
export function curlFlat(input: HelpInput): string {
  return codeBlock(
    `curl -X POST ${shellQuote(input.url)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(exampleData(input.fields)))}`,
    'sh',
  )
}

/** Browser fetch (JSON, preflighted), sendBeacon (text/plain) and URLSearchParams to /form. */
export function browserExamples(input: HelpInput): string {
  const data = json(exampleData(input.fields)).replaceAll('\n', '\n  ')
  return codeBlock(
    [
      `const endpoint = ${JSON.stringify(input.url)}`,
      '',
      '// JSON (any origin may call this endpoint; no credentials are sent)',
      'const res = await fetch(endpoint, {',
      "  method: 'POST',",
      "  headers: { 'Content-Type': 'application/json' },",
      `  body: JSON.stringify({ data: ${data}, meta: { source: 'web' } }),`,
      '})',
      'const { data: { id } } = await res.json()',
      '',
      '// On page unload: sendBeacon sends text/plain, which is accepted when it holds JSON',
      `navigator.sendBeacon(endpoint, JSON.stringify(${JSON.stringify(exampleData(input.fields))}))`,
      '',
      '// Form encoding without a preflight (values are text; repeated names become arrays)',
      `await fetch(endpoint + '/form', { method: 'POST', body: new URLSearchParams(${JSON.stringify(formPairs(input.fields))}) })`,
    ].join('\n'),
    'js',
  )
}

/** The native HTML form posting to /form (the same snippet the admin's Setup tab shows). */
export function htmlForm(input: HelpInput): string {
  const challenge = input.limits.challenge !== undefined && input.limits.challenge !== 'off'
  return codeBlock(htmlFormSnippet(input.url, input.fields, input.honeypot, challenge), 'html')
}

/** curl posting two records to /batch, one canonical and one flat. */
export function curlBatch(input: HelpInput): string {
  const data = exampleData(input.fields)
  const body = JSON.stringify([{ data, meta: { source: 'import' } }, data])
  return codeBlock(
    `curl -X POST ${shellQuote(`${input.url}/batch`)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`,
    'sh',
  )
}

/** What a webhook delivery (GitHub, Stripe…) looks like when pointed at the endpoint. */
export function webhookExample(input: HelpInput): string {
  const event = { action: 'opened', issue: { number: 7, title: 'Bug report' }, sender: { login: 'octocat' } }
  return codeBlock(
    `# What GitHub sends for an "issues" event; stored flat: fields action, issue, sender\ncurl -X POST ${shellQuote(input.url)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(event))}`,
    'sh',
  )
}

/**
 * The read-all loop: size = the largest page, stop at the first short page. With `owner`
 * (reads keep /query private), the requests carry the owner's access token from SVC_TOKEN.
 */
export function readAllExamples(url: string, maxPageSize: number, owner = false): string {
  return (
    codeBlock(
      [
        `const endpoint = ${JSON.stringify(url)}`,
        ...(owner
          ? [
              "// The owner's access token, from the environment: never put it in a public page",
              // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the JavaScript example
              'const headers = { Authorization: `Bearer ${process.env.SVC_TOKEN}` }',
            ]
          : []),
        'const records = []',
        'for (let page = 1; ; page++) {',
        `  const res = await fetch(\`\${endpoint}/query?page=\${page}&size=${maxPageSize}\`${owner ? ', { headers }' : ''})`,
        '  if (!res.ok) throw new Error((await res.json()).error.message)',
        '  const body = await res.json()',
        '  records.push(...body.records)',
        `  if (body.records.length < ${maxPageSize}) break // the first short page is the last`,
        '}',
      ].join('\n'),
      'js',
    ) +
    '\n\n' +
    codeBlock(
      [
        `page=1`,
        `while :; do`,
        `  curl -s ${owner ? '-H "Authorization: Bearer $SVC_TOKEN" ' : ''}${shellQuote(`${url}/query?size=${maxPageSize}&page=`)}"$page" > "page-$page.json"`,
        `  [ "$(jq '.records | length' "page-$page.json")" -lt ${maxPageSize} ] && break`,
        `  page=$((page + 1))`,
        `done`,
      ].join('\n'),
      'sh',
    )
  )
}
