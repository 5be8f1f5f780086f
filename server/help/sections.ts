/**
 * @module Help sections shared by the three pages: the live status line, the field
 * table, limits (read from LIMITS and the server's configuration) and the error model.
 */
import { publicSummaryRules } from '../contract/share/public-summary.ts'
import { AUTH, LIMITS } from '../contract/limits.ts'
import { clientRateLimit, formatRateLimit, parseRateLimit } from '../contract/share/rate-limit.ts'
import { openToAnyone, readsWarnings, type ReadAccess, type ReadPath } from '../contract/share/reads.ts'
import type { HelpInput } from './live.ts'
import type { HelpLimits } from '../contract/help/input.ts'
import { FIELD_TYPE_SPECS, FIELD_TYPES, fieldTypeSpec } from '../contract/fields/types/index.ts'
import { retriesSection } from './retries.ts'
import { spamSection } from './spam.ts'
import { formNotes } from './form-notes.ts'
import {
  bytes,
  codeBlock,
  codeCell,
  count,
  escapeText,
  inlineCode,
  shellQuote,
  table,
} from '../contract/help/markdown.ts'

const onOff = (on: boolean) => (on ? 'on' : 'off')

/** A help page's first line: the app's name and what the page is about. */
export const pageTitle = (input: HelpInput, what: string) =>
  `# ${input.appName ? `${escapeText(input.appName)} — ` : ''}${what}`

const OWNER_ONLY = "403 `disabled` unless the request carries the owner's access token"

/** The status line of each `reads` setting. */
const READS_STATUS: Readonly<Record<ReadAccess, string>> = {
  off: `off — the records are private: /query and /summary answer ${OWNER_ONLY}`,
  summary: `summary — anyone with this link reads /summary; /query answers ${OWNER_ONLY}`,
  records: 'records — anyone with this link reads every record (/query) and /summary',
}

/** Record counts and switches as they are right now, and the warning when reads are open. */
export function statusSection(input: HelpInput): string {
  const lines = [
    input.kept === null || input.spam === null
      ? "- Records: not shown while reads are off (the owner's access token sees the counts)"
      : `- Records: ${count(input.kept)} (plus ${count(input.spam)} flagged as spam)`,
    `- Writes (\`service\`): ${onOff(input.service)}${input.service ? '' : ' — POSTs are answered 403 `disabled`'}`,
    `- Reads (\`reads\`): ${READS_STATUS[input.reads]}`,
    `- Auto-create fields from unknown keys: ${onOff(input.autoCreate)}`,
    ...limitLines(input.limits),
  ]
  return [lines.join('\n'), ...readsWarnings(input.reads).map((warning) => `> **Warning:** ${warning}`)].join('\n\n')
}

const CLOSED_BECAUSE: Record<NonNullable<HelpLimits['closedNow']>, string> = {
  hand: 'closed by its owner (`closed`)',
  date: 'its `closesAt` time has passed',
  count: 'it holds its `closeAfter` records',
}

/** The status lines of the form's limits: only those set, and whether it is closed now. */
function limitLines(limits: HelpLimits): string[] {
  return [
    ...(limits.closedNow
      ? [`- **Closed:** ${CLOSED_BECAUSE[limits.closedNow]} — every POST is answered 403 \`closed\`, nothing stored`]
      : []),
    ...(limits.closeAfter === null
      ? []
      : [
          `- Closes after ${count(limits.closeAfter)} records (\`closeAfter\`; spam not counted); a batch that does not fit the places left is refused whole`,
        ]),
    ...(limits.closesAt === null ? [] : [`- Closes at ${limits.closesAt} (\`closesAt\`)`]),
    ...(limits.onePerBrowser
      ? [
          '- One response per browser (`onePerBrowser`): the fill-in page answers a second post from a browser 409 `duplicate`',
        ]
      : []),
    ...(limits.uniqueField === null
      ? []
      : [
          `- One response per value of \`${limits.uniqueField}\` (\`uniqueField\`): a value given before is answered 409 \`duplicate\``,
        ]),
    ...(limits.challenge === undefined || limits.challenge === 'off'
      ? []
      : [
          `- Proof of work (\`challenge: ${limits.challenge}\`, ALTCHA): GET …/challenge, solve it (the \`altcha\` widget or altcha-lib's \`solveChallenge\`) and send the solution as the \`altcha\` form field, a top-level \`altcha\` JSON key or an \`X-Altcha\` header; ${limits.challenge === 'require' ? 'without a valid one a post is answered 403 `challenge_required`, nothing stored' : 'without a valid one a post is stored as spam'}. The owner's access token needs none`,
        ]),
  ]
}

/** The header a read needs when `path` is not open to anyone, for curl. */
export const curlAuth = (input: HelpInput, path: ReadPath): string =>
  openToAnyone(input.reads, path) ? '' : '-H "Authorization: Bearer $SVC_TOKEN" '

/** What the summary leaves out for anyone reading with the link alone. */
export const smallGroupsNote = (input: HelpInput): string =>
  `Read with the link alone, the summary gives no one person away: ${publicSummaryRules(input.minRespondents)} (\`minRespondents\` in the answer says how many). ` +
  "The owner's access token reads every value exactly."

/** Who may read `paths` and how the owner reads when they are closed; the owner's way to change it. */
export function whoReadsSection(input: HelpInput, paths: readonly ReadPath[]): string {
  const closed = paths.filter((path) => !openToAnyone(input.reads, path))
  const open = paths.filter((path) => openToAnyone(input.reads, path))
  const lines: string[] = []
  if (open.length > 0) {
    lines.push(
      `${open.map((path) => `\`/${path}\``).join(' and ')} ${open.length > 1 ? 'are' : 'is'} open: anyone with this link reads ${open.includes('query') ? 'every record' : 'the aggregates'}, no token needed (\`reads: "${input.reads}"\`).`,
    )
  }
  if (closed.length > 0) {
    lines.push(
      `${closed.map((path) => `\`/${path}\``).join(' and ')} ${closed.length > 1 ? 'are' : 'is'} private (\`reads: "${input.reads}"\`): only the owner reads, with an access token`,
      `(\`${AUTH.accessTokenPrefix}…\`, from the admin page under Account → Access Tokens or \`svc-cli auth token create\`) sent as`,
      '`Authorization: Bearer <token>` (below, the token is in `$SVC_TOKEN`). A token of any other account counts as none.',
      'Keep the access token out of public pages and forms: it acts for the whole account.',
      '',
      codeBlock(
        closed
          .map(
            (path) =>
              `curl -s -H "Authorization: Bearer $SVC_TOKEN" ${shellQuote(`${input.url}/${path}${path === 'query' ? `?page=1&size=${LIMITS.defaultPageSize}` : ''}`)}`,
          )
          .join('\n'),
        'sh',
      ),
      '',
      `Logged in with svc-cli, the owner reads with ${closed.map((path) => (path === 'query' ? '`svc-cli share query --app <app id> --all --json`' : '`svc-cli share summary --app <app id>`')).join(' and ')}, or in the admin page.`,
    )
  }
  if (paths.includes('summary')) lines.push('', smallGroupsNote(input))
  lines.push(
    '',
    input.reads === 'off'
      ? 'To let anyone with this link read, the owner sets `reads` to `summary` (aggregates) or `records` (every record), e.g. `svc-cli share set --app <app id> --reads summary`; the answer warns what that exposes.'
      : 'The owner closes reads with `svc-cli share set --app <app id> --reads off` (or in the admin page: Setup → Sharing).',
  )
  return lines.join('\n')
}

/** What auto-create allows a stranger, from the limits. */
export const proposalRule = (): string =>
  `One client may propose at most ${LIMITS.proposalsPerClient} new fields per hour, and an app holds at most ${LIMITS.maxProposedFields} proposals waiting for the owner; new keys past either are *unlisted keys*: still stored with the record (read back by /query and in exports), shown only to the owner, who may accept them as fields. A record is never refused for the field list.`

/** The live field list (accepted fields only) with types, and how many records hold each when the reader may see counts. */
export function fieldsSection(input: HelpInput): string {
  if (input.fields.length === 0) {
    return input.autoCreate
      ? `No fields yet. Send any keys: the record is stored with all of them, and each new top-level key of \`data\` becomes a field *proposed* to the owner, listed here once the owner accepts it. ${proposalRule()}`
      : 'No fields are defined and auto-create is off, so every key would be refused: the owner has to define fields first.'
  }
  const counted = input.fields.every((field) => field.count !== null)
  const rows = input.fields.map((field) => [
    codeCell(field.name),
    field.type,
    field.required ? 'yes' : 'no',
    optionsCell(field),
    ...(counted ? [count(field.count!)] : []),
    field.label ? escapeText(field.label) : '',
  ])
  const rule = input.autoCreate
    ? `Other keys are stored with the record and become fields *proposed* to the owner (listed here once accepted). ${proposalRule()}`
    : 'Auto-create is off: a record with a key that is not a field is refused whole with 422 `unknown_field` naming the keys.'
  const headers = ['Field', 'Type', 'Required', 'Options', ...(counted ? ['Records with a value'] : []), 'Label']
  return `${table(headers, rows)}\n\n${input.fields.length} of ${LIMITS.maxFields} fields used. ${rule}\n\n${typesList(input.fields)}${formNotes(input.fields, input.pages ?? [])}`
}

/** A field's options, or the points of a point scale (`1–5` for a rating with max 5). */
function optionsCell(field: HelpInput['fields'][number]): string {
  if (field.options) return field.options.map(codeCell).join(', ')
  const points = fieldTypeSpec(field.type).points?.of(field)
  return points ? `${points[0]}–${points[points.length - 1]}` : ''
}

/** What each type of the fields takes, in the registry's words (its spec's `description`), in registry order. */
function typesList(fields: HelpInput['fields']): string {
  const types = FIELD_TYPES.filter((type) => fields.some((field) => field.type === type))
  return ['What each type takes:', ...types.map((type) => `- \`${type}\`: ${FIELD_TYPE_SPECS[type].description}`)].join(
    '\n',
  )
}

/** The limits this server enforces. */
export function limitsSection(input: HelpInput): string {
  return table(
    ['Limit', 'Value', 'Beyond it'],
    [
      ['Request body', bytes(input.maxBodyBytes), '413 `too_large`'],
      ['JSON nesting depth', String(input.maxDepth), '413 `too_large`'],
      ['Keys in one record (all levels)', count(input.maxKeys), '413 `too_large`'],
      ['Fields per app (made or accepted by the owner)', String(LIMITS.maxFields), '422 `field_limit`'],
      ['New fields one client may propose', `${LIMITS.proposalsPerClient} per hour`, 'stored as unlisted keys'],
      ['Proposed fields waiting per app', String(LIMITS.maxProposedFields), 'stored as unlisted keys'],
      [
        'Field name length',
        `${LIMITS.maxFieldNameLength} characters after trimming (see "What a record may hold")`,
        '422 `invalid_value`',
      ],
      [
        'Numbers',
        'exact up to ±9,007,199,254,740,991 (2^53−1); beyond it at most 15 significant digits; send others as strings',
        '422 `invalid_value`',
      ],
      ['Records per /batch', count(LIMITS.maxBatch), '413 `too_large`'],
      [
        'Page size of /query',
        `1 to ${count(LIMITS.maxPageSize)} (default ${LIMITS.defaultPageSize})`,
        '400 `bad_request` (never clamped)',
      ],
      ['Rate limit', rateLimitText(input.rateLimit), '429 `rate_limited` with `Retry-After`'],
    ],
  )
}

/** The rate-limit cell: the endpoint's limit, what counts, and the share one client address gets. */
function rateLimitText(setting: string): string {
  if (setting === 'off') return 'off'
  const client = formatRateLimit(clientRateLimit(parseRateLimit(setting)!))
  return `${inlineCode(setting)} (requests per second, burst) for writes (/, /form, /batch together; each record of a batch counts as one request), and the same again for reads (/query, /summary together); one client address may use ${LIMITS.clientRateShare * 100}% of each (${inlineCode(client)}); \`?help\` pages are not limited`
}

/** What the RateLimit-Policy and RateLimit headers of limited answers say. */
export function rateLimitHeadersSection(setting: string): string {
  if (setting === 'off') return 'This endpoint has no rate limit, so its answers carry no rate-limit headers.'
  const limit = parseRateLimit(setting)!
  const client = clientRateLimit(limit)
  const window = (l: { rate: number; burst: number }) => Math.max(1, Math.ceil(l.burst / l.rate))
  return [
    'Every answer of /, /form, /batch, /query and /summary carries the rate-limit headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers), readable by browser code:',
    '',
    codeBlock(
      `RateLimit-Policy: "endpoint";q=${limit.burst};w=${window(limit)}, "client";q=${client.burst};w=${window(client)}\nRateLimit: "client";r=${client.burst - 1};t=${window(client)}`,
      'http',
    ),
    '',
    '`RateLimit-Policy` states the limits: `q` requests (the burst) that refill completely in `w` seconds, for the endpoint and for one client address. `RateLimit` reports the one nearer running out: `r` requests left now, full again in `t` seconds. A client that keeps `r` above 0 is never refused; after a 429, wait `Retry-After` seconds.',
  ].join('\n')
}

const ERRORS: Array<[number, string, string]> = [
  [400, 'bad_json', 'The body is not valid JSON.'],
  [400, 'bad_request', 'A parameter or body shape is wrong (the message says which).'],
  [
    403,
    'disabled',
    "Writes are switched off, or a read the `reads` switch keeps private without the owner's access token (the message says which).",
  ],
  [
    403,
    'closed',
    'The form is closed: by hand, its `closeAfter` number of records reached, or its `closesAt` time passed; nothing stored.',
  ],
  [404, 'not_found', 'Unknown, rotated or unpublished token.'],
  [405, 'method_not_allowed', 'A method this URL does not take (`Allow` lists the ones it does).'],
  [408, 'timeout', 'The body arrived too slowly; send it in one go.'],
  [
    409,
    'duplicate',
    'The form takes one response per browser (`onePerBrowser`) or per value of a field (`uniqueField`, the message names it), and this one was already given; nothing stored.',
  ],
  [413, 'too_large', 'Body, nesting, key count or batch beyond the limits above.'],
  [415, 'unsupported_media_type', 'A Content-Type this endpoint does not take, or a file upload.'],
  [422, 'unknown_field', 'A key is not a field and auto-create is off; nothing stored.'],
  [
    422,
    'field_limit',
    `The owner's record would create accepted field number ${LIMITS.maxFields + 1}; nothing stored.`,
  ],
  [
    422,
    'invalid_value',
    'A value does not fit its field, a field name or number breaks the rules above (every problem is listed); nothing stored.',
  ],
  [422, 'empty_record', 'The record has no fields (`{}`, an empty form); nothing stored.'],
  [
    422,
    'idempotency_key_reused',
    'The `Idempotency-Key` was used for a different submission within 24 hours; nothing stored.',
  ],
  [429, 'rate_limited', 'Too many requests; wait `Retry-After` seconds.'],
  [
    503,
    'storage_unavailable',
    'The server cannot store records right now (its disk is full) or could not confirm the record on disk, so it is not acknowledged; retry later (after `Retry-After` seconds when given).',
  ],
]

/** The error body and the types a client should handle. */
export function errorsSection(): string {
  return [
    'Every error is JSON with the HTTP status repeated as `code`, and CORS headers, so browsers can read it:',
    '',
    '```json',
    '{"code": 422, "error": {"type": "invalid_value", "message": "age: must be a number", "details": {"problems": [{"path": "age", "message": "must be a number"}]}}}',
    '```',
    '',
    table(
      ['Status', 'Type', 'When'],
      ERRORS.map(([status, type, when]) => [String(status), `\`${type}\``, when]),
    ),
  ].join('\n')
}

/** The closing sections of every write page: retries, limits, then errors. */
export const limitsAndErrorsSections = (input: HelpInput): string =>
  [
    '## Retries',
    '',
    retriesSection(input),
    '',
    '## Spam and duplicates',
    '',
    spamSection(input.limits),
    '',
    '## Limits',
    '',
    limitsSection(input),
    '',
    rateLimitHeadersSection(input.rateLimit),
    '',
    '## Errors',
    '',
    errorsSection(),
  ].join('\n')

/** The Record shape of every read. */
export const recordShape = [
  'A record reads back as `{"id", "data", "meta", "createdAt"}`: `id` is a time-ordered string, `data` the object as',
  'stored (numbers stay numbers, nested objects and arrays are kept), `meta` holds `source` and `timestamp` when they',
  'were sent, and `createdAt` is the server time in ISO 8601 UTC.',
].join('\n')
