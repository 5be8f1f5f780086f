/**
 * @module The three help pages of a collection endpoint (`?help` on the endpoint, on
 * /query and on /summary): Markdown for people and AI agents alike, generated from the
 * live endpoint so it always tells the truth about fields, switches and limits.
 */
import { LIMITS } from '../contract/limits.ts'
import { SENDERS_HELP } from '../contract/senders/help.ts'
import { browserExamples, curlFlat, curlJson, readAllExamples, webhookExample } from '../contract/help/examples.ts'
import type { HelpInput } from './live.ts'
import { codeBlock, inlineCode, shellQuote } from '../contract/help/markdown.ts'
import {
  curlAuth,
  errorsSection,
  pageTitle,
  fieldsSection,
  limitsAndErrorsSections,
  recordShape,
  statusSection,
  whoReadsSection,
} from './sections.ts'
import { streamPointer } from './stream-page.ts'
import { batchSection, filesSection, formSection, recordRulesSection } from './write-sections.ts'
import { openToAnyone } from '../contract/share/reads.ts'

/** ` (the owner's access token only)` when `path` is not open to anyone. */
const ownerOnly = (input: HelpInput, path: 'query' | 'summary') =>
  openToAnyone(input.reads, path) ? '' : " (the owner's access token only)"

/** Names the required fields a webhook event has to carry, if any. */
function requiredNote(input: HelpInput): string {
  const required = input.fields.filter((field) => field.required).map((field) => inlineCode(field.name))
  if (required.length === 0) return ''
  return ` This form requires ${required.join(', ')}, so an event without ${required.length === 1 ? 'it' : 'them'} is refused with 422.`
}

/** The files section under `heading`, with the blank line after it; nothing for an endpoint without file fields. */
export function filesPart(input: HelpInput, heading: string): string[] {
  const section = filesSection(input)
  return section === '' ? [] : [heading, '', section, '']
}

/** GET /<token>?help: everything needed to send records here and read them back. */
export function endpointHelp(input: HelpInput): string {
  return [
    pageTitle(input, 'svc collection endpoint'),
    '',
    `Endpoint: <${input.url}>`,
    '',
    'Send records with POST; read them back with GET /query (pages) and GET /summary (aggregates).',
    'Any website, script, device, webhook or agent may post to it: CORS allows every origin and no cookies.',
    '',
    statusSection(input),
    '',
    '## Quick reference',
    '',
    `- Write: \`POST ${input.url}\` with a JSON object (flat, or \`{"data": {…}, "meta": {…}}\`) → \`{"code": 200, "data": {"id": "…"}}\`.`,
    `- Also: \`POST …/form\` (HTML forms), \`POST …/batch\` (JSON array, ≤ ${LIMITS.maxBatch}, all or nothing).`,
    ...(filesSection(input) === ''
      ? []
      : [
          '- Files: a multipart post to `…/form`, or `POST …/files` first and `{"file": "<id>"}` in the record; tus at `…/uploads` (see "Files").',
        ]),
    `- Read: \`GET ${input.url}/query?page=1&size=${LIMITS.maxPageSize}\`, next page until one has fewer than ${LIMITS.maxPageSize} records${ownerOnly(input, 'query')}.`,
    `- Aggregates: \`GET ${input.url}/summary\`${ownerOnly(input, 'summary')}.`,
    `- Follow: \`GET ${input.url}/stream\`, each new record as a Server-Sent Event${ownerOnly(input, 'query')}.`,
    '- Errors: JSON `{"code": <HTTP status>, "error": {"type", "message", "details"?}}`; the message says what to fix.',
    '',
    '## Fields',
    '',
    fieldsSection(input),
    '',
    '## Send a record',
    '',
    `\`POST ${input.url}\` with \`Content-Type: application/json\`. Two body shapes are accepted:`,
    '',
    '- **Canonical**: `{"data": {…}, "meta": {"source"?: string, "timestamp"?: ISO 8601 string or epoch number}}`, when the',
    '  body has no keys other than `data` and `meta` and `data` is an object.',
    '- **Flat**: any other JSON object; the whole object is the data (this is how webhook events are stored).',
    '',
    'Top-level keys of `data` are the fields; nested objects and arrays are stored as values (field names follow the',
    'rules under "What a record may hold" below). The answer is `{"code": 200, "data": {"id": "<record id>"}}`.',
    '',
    curlJson(input),
    '',
    'The same record, flat:',
    '',
    curlFlat(input),
    '',
    '### From a browser',
    '',
    '`text/plain` bodies holding JSON are accepted too, so `navigator.sendBeacon` and CORS simple requests work.',
    '',
    browserExamples(input),
    '',
    '### From an HTML form: POST /form',
    '',
    formSection(input),
    '',
    ...filesPart(input, '### Files'),
    '### Many records at once: POST /batch',
    '',
    batchSection(input),
    '',
    '### Webhooks',
    '',
    'Point a webhook (GitHub, Stripe, a form builder…) at the endpoint URL with content type JSON. The event is stored',
    `flat: its top-level keys (\`id\`, \`type\`, \`data\` for Stripe) become fields${input.autoCreate ? ', proposed to the owner until accepted' : ' — define them first, since auto-create is off'}.${requiredNote(input)}`,
    '',
    webhookExample(input),
    '',
    SENDERS_HELP,
    '',
    '## What a record may hold',
    '',
    recordRulesSection(),
    '',
    '## Read records',
    '',
    whoReadsSection(input, ['query', 'summary']),
    '',
    `- \`GET ${input.url}/query?page=1&size=${LIMITS.defaultPageSize}\`: pages, oldest first (details: \`${input.url}/query?help\`).`,
    `- \`GET ${input.url}/summary\`: counts, numbers, top values and records per day (details: \`${input.url}/summary?help\`).`,
    streamPointer(input),
    '',
    `To read everything: \`size=${LIMITS.maxPageSize}\`, pages 1, 2, 3… and stop at the first page with fewer than ${LIMITS.maxPageSize}`,
    'records. New records only ever append to the last page, so this never skips or repeats a record while others write.',
    '',
    limitsAndErrorsSections(input),
    '',
  ].join('\n')
}

/** GET /<token>/query?help: the paging protocol. */
export function queryHelp(input: HelpInput): string {
  const query = `${input.url}/query`
  return [
    pageTitle(input, 'reading records: /query'),
    '',
    `\`GET ${query}?page=1&size=${LIMITS.defaultPageSize}\``,
    '',
    statusSection(input),
    '',
    '## Who may read',
    '',
    whoReadsSection(input, ['query']),
    '',
    '## Parameters',
    '',
    `- \`page\`: 1 or more (default 1).`,
    `- \`size\`: records per page, 1 to ${LIMITS.maxPageSize} (default ${LIMITS.defaultPageSize}). A larger size is a 400 \`bad_request\`,`,
    '  never silently clamped: a clamped page would end a read-all loop early and lose records.',
    '- `spam`: `exclude` (default), `include`, or `only` the records flagged as spam (by the honeypot or the content rules).',
    '',
    'Non-integer or out-of-range values are a 400 `bad_request` whose message names the allowed range.',
    '',
    '## Response',
    '',
    codeBlock(
      JSON.stringify(
        {
          code: 200,
          records: [
            {
              id: '0196f2c4-…',
              data: { message: 'Hello' },
              meta: { source: 'web' },
              createdAt: '2026-01-31T12:00:00.000Z',
            },
          ],
          page: 1,
          size: LIMITS.defaultPageSize,
          total: 1,
        },
        null,
        2,
      ),
      'json',
    ),
    '',
    recordShape,
    '`total` counts the records the `spam` setting selects.',
    '',
    '## Reading everything',
    '',
    `Records are ordered oldest first, by insertion, and page p holds records (p-1)·size+1 … p·size. Use size=${LIMITS.maxPageSize}`,
    'and stop at the first page with fewer records than `size`. New records only append to the last page, so the loop',
    'never skips or repeats a record while writes continue.',
    `Read the pages one after another: by default at most ${LIMITS.readsPerClient} pages per client network (an IPv4 /24, an IPv6 /56)`,
    `may be under way at once (more get 429 \`rate_limited\` with \`Retry-After\`), and a page whose client takes none of it for`,
    `${LIMITS.readStallMs / 1000} s is cut.`,
    '',
    readAllExamples(input.url, LIMITS.maxPageSize, !openToAnyone(input.reads, 'query')),
    '',
    '## Following new records',
    '',
    'To be told of records as they arrive instead of polling pages:',
    '',
    streamPointer(input),
    '',
    '## Examples',
    '',
    codeBlock(
      `curl -s ${curlAuth(input, 'query')}${shellQuote(`${query}?page=1&size=10`)}\ncurl -s ${curlAuth(input, 'query')}${shellQuote(`${query}?spam=only`)}`,
      'sh',
    ),
    '',
    '## Errors',
    '',
    errorsSection(),
    '',
  ].join('\n')
}

/** GET /<token>/summary?help: what the aggregates hold. */
export function summaryHelp(input: HelpInput): string {
  return [
    pageTitle(input, 'aggregates: /summary'),
    '',
    `\`GET ${input.url}/summary\` (add \`?spam=include\` or \`?spam=only\`; spam is excluded by default)`,
    '',
    statusSection(input),
    '',
    'Aggregates are kept up to date as records arrive, so the summary is instant at any number of records.',
    '',
    '## Who may read',
    '',
    whoReadsSection(input, ['summary']),
    '',
    '## Response',
    '',
    '- `total`, `spam`: record counts; `firstAt`, `lastAt`: ISO 8601 times of the first and last record (or null).',
    '- `fields`: one entry per field name: `type`, `count` (records with a value) and `missing` (records without), plus',
    '  - numbers: `min`, `max`, `mean`, `sum`;',
    '  - ratings and NPS: the numbers\' figures, and `distribution`: `[{"value": point, "count": n}]` for every point in',
    '    order (rating 1 to its max, NPS 0 to 10), zeros included; NPS also `nps`, the Net Promoter Score (% of answers',
    "    9–10 minus % of answers 0–6, rounded to a whole number); both null without the owner's access token;",
    `  - text and choices: the top ${LIMITS.summaryTopValues} values with their counts and an \`other\` count;`,
    '  - booleans: `true` and `false` counts;',
    '  - arrays (multichoice): counts per element.',
    `- \`days\`: \`[{"date": "YYYY-MM-DD", "count": n}]\` for the last ${LIMITS.summaryDays} days (UTC), oldest first, zeros included.`,
    `- \`minRespondents\` (${input.minRespondents} here): only when read without the owner's access token; what could give one person away is left out or rounded (see "Who may read").`,
    '',
    '## Fields now',
    '',
    fieldsSection(input),
    '',
    '## Example',
    '',
    codeBlock(`curl -s ${curlAuth(input, 'summary')}${shellQuote(`${input.url}/summary`)}`, 'sh'),
    '',
    '## Errors',
    '',
    errorsSection(),
    '',
  ].join('\n')
}
