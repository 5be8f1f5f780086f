/**
 * GET /<token>?help, /query?help, /summary?help: Markdown generated from the live endpoint.
 * The examples are run against the endpoint itself, so the help cannot show a request that
 * does not work, and hostile field names stay inside their code spans, quotes and attributes.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { exampleData } from '../../server/contract/help/examples.ts'
import { insertRecords, makeEndpoint, type TestEndpointOptions } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import type { BodyOf } from '../support/call.ts'
import { makeUser } from '../support/users.ts'
import type { Config } from '../../server/config.ts'
import { RECORDS_WARNING, SUMMARY_WARNING } from '../support/reads.ts'

/** What ?help says the public summary leaves out, at the default minimum of 5. */
const PUBLIC_SUMMARY_NOTE =
  "Read with the link alone, the summary gives no one person away: a value is listed only when at least 5 records and 5 clients other than the reader gave it (at most 9 clients are asked for; rarer values are counted in `other`), e-mail addresses and fields a stranger proposed are never listed, a number's `mean` and `sum` cover its numbers up to the last multiple of 10, to 3 significant digits, once 5 clients gave one (null before), as does a score's `mean` once 5 records have one, `min` and `max` (of numbers and scores) are always null, `firstAt`/`lastAt` are the start of their UTC day and a day with fewer than 5 records counts 0 (`minRespondents` in the answer says how many). The owner's access token reads every value exactly."

const ALL_TYPES: TestEndpointOptions['fields'] = [
  { name: 'email', type: 'email', required: true, label: 'Your e-mail' },
  { name: 'age', type: 'number' },
  { name: 'ok', type: 'boolean' },
  { name: 'colour', type: 'choice', options: ['red', 'green'] },
  { name: 'tags', type: 'multichoice', options: ['a', 'b', 'c'] },
  { name: 'born', type: 'date' },
  { name: 'extra', type: 'json' },
  { name: 'story', type: 'longtext' },
  { name: 'note' },
]
const OPTIONAL_TYPES = ALL_TYPES!.map((field) => ({ ...field, required: false }))
const HOSTILE = ["it's", 'a|b`c', '``x', '</textarea><script>', '__proto__', '名前 ✓']

async function setup(options: TestEndpointOptions = {}, config: Partial<Config> = {}) {
  const t = testApp({ rateLimit: null, ...config })
  const { user, token } = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, user.id, options)
  const url = `http://localhost:8787${endpoint.path()}`
  /** The stored records, read the way the help tells the owner to: with their access token. */
  const records = async () =>
    (await t.request<BodyOf<'reads.query'>>('GET', endpoint.path('/query'), { token })).body.records
  /** A help page as a stranger reads it, or as the owner with `as` set to their access token. */
  const help = async (suffix = '?help', as?: string) =>
    (await t.request('GET', endpoint.path(suffix), { token: as })).text
  return { ...t, endpoint, url, ownerToken: token, records, help }
}

/** The `-d '…'` bodies and target URLs of the curl POSTs in a help page, unquoted. */
function curlPosts(markdown: string): Array<{ url: string; body: string }> {
  const unquote = (word: string) => word.slice(1, -1).replaceAll(`'\\''`, "'")
  const posts = [
    ...markdown.matchAll(
      /curl -X POST ('(?:[^']|'\\'')*') \\\n {2}-H 'Content-Type: application\/json' \\\n {2}-d ('(?:[^']|'\\'')*')/g,
    ),
  ]
  return posts.map((m) => ({ url: unquote(m[1]), body: unquote(m[2]) }))
}

describe('GET /:token?help', () => {
  test('a Markdown page with the endpoint URL, status and live fields; with reads off a stranger sees no counts', async () => {
    const { help, ctx, endpoint, url, request } = await setup({ name: 'Survey *one*', fields: ALL_TYPES })
    await insertRecords(ctx, endpoint.appId, [
      { data: { email: 'a@b.c', age: 3 } },
      { data: { email: 'q@b.c', tags: ['a'] } },
      { data: { email: 'x@y.z' }, spam: true },
    ])
    const res = await request('GET', endpoint.path('?help'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const text = await help()
    expect(text.split('\n').slice(0, 22)).toEqual([
      '# Survey \\*one\\* — svc collection endpoint',
      '',
      `Endpoint: <${url}>`,
      '',
      'Send records with POST; read them back with GET /query (pages) and GET /summary (aggregates).',
      'Any website, script, device, webhook or agent may post to it: CORS allows every origin and no cookies.',
      '',
      "- Records: not shown while reads are off (the owner's access token sees the counts)",
      '- Writes (`service`): on',
      "- Reads (`reads`): off — the records are private: /query and /summary answer 403 `disabled` unless the request carries the owner's access token",
      '- Auto-create fields from unknown keys: on',
      '',
      '## Quick reference',
      '',
      `- Write: \`POST ${url}\` with a JSON object (flat, or \`{"data": {…}, "meta": {…}}\`) → \`{"code": 200, "data": {"id": "…"}}\`.`,
      `- Also: \`POST …/form\` (HTML forms), \`POST …/batch\` (JSON array, ≤ ${LIMITS.maxBatch}, all or nothing).`,
      `- Read: \`GET ${url}/query?page=1&size=${LIMITS.maxPageSize}\`, next page until one has fewer than ${LIMITS.maxPageSize} records (the owner's access token only).`,
      `- Aggregates: \`GET ${url}/summary\` (the owner's access token only).`,
      `- Follow: \`GET ${url}/stream\`, each new record as a Server-Sent Event (the owner's access token only).`,
      '- Errors: JSON `{"code": <HTTP status>, "error": {"type", "message", "details"?}}`; the message says what to fix.',
      '',
      '## Fields',
    ])
    expect(text).toContain(
      [
        '| Field | Type | Required | Options | Label |',
        '| --- | --- | --- | --- | --- |',
        '| `email` | email | yes |  | Your e\\-mail |',
        '| `age` | number | no |  |  |',
        '| `ok` | boolean | no |  |  |',
        '| `colour` | choice | no | `red`, `green` |  |',
        '| `tags` | multichoice | no | `a`, `b`, `c` |  |',
        '| `born` | date | no |  |  |',
        '| `extra` | json | no |  |  |',
        '| `story` | longtext | no |  |  |',
        '| `note` | text | no |  |  |',
        '',
        `9 of ${LIMITS.maxFields} fields used. Other keys are stored with the record and become fields *proposed* to the owner (listed here once accepted). One client may propose at most ${LIMITS.proposalsPerClient} new fields per hour, and an app holds at most ${LIMITS.maxProposedFields} proposals waiting for the owner; new keys past either are *unlisted keys*: still stored with the record (read back by /query and in exports), shown only to the owner, who may accept them as fields. A record is never refused for the field list.`,
      ].join('\n'),
    )
    expect(text).toContain(
      `- \`GET ${url}/query?page=1&size=${LIMITS.defaultPageSize}\`: pages, oldest first (details: \`${url}/query?help\`).`,
    )
    expect(text).toContain(
      `To read everything: \`size=${LIMITS.maxPageSize}\`, pages 1, 2, 3… and stop at the first page with fewer than ${LIMITS.maxPageSize}`,
    )
  })

  test.each([
    ['the owner’s access token', 'off', true],
    ['a stranger, reads summary', 'summary', false],
    ['a stranger, reads records', 'records', false],
  ] as const)('%s: the page counts records, spam and values per field', async (_label, reads, asOwner) => {
    const { help, ctx, endpoint, ownerToken } = await setup({ name: 'Survey', reads, fields: ALL_TYPES })
    await insertRecords(ctx, endpoint.appId, [
      { data: { email: 'a@b.c', age: 3 } },
      { data: { email: 'q@b.c', tags: ['a'] } },
      { data: { email: 'x@y.z' }, spam: true },
    ])
    for (const page of ['?help', '/query?help', '/summary?help', '/form?help', '/batch?help']) {
      expect(await help(page, asOwner ? ownerToken : undefined)).toContain('- Records: 2 (plus 1 flagged as spam)')
    }
    expect(await help('?help', asOwner ? ownerToken : undefined)).toContain(
      [
        '| Field | Type | Required | Options | Records with a value | Label |',
        '| --- | --- | --- | --- | --- | --- |',
        '| `email` | email | yes |  | 2 | Your e\\-mail |',
        '| `age` | number | no |  | 1 |  |',
        '| `ok` | boolean | no |  | 0 |  |',
        '| `colour` | choice | no | `red`, `green` | 0 |  |',
        '| `tags` | multichoice | no | `a`, `b`, `c` | 1 |  |',
        '| `born` | date | no |  | 0 |  |',
        '| `extra` | json | no |  | 0 |  |',
        '| `story` | longtext | no |  | 0 |  |',
        '| `note` | text | no |  | 0 |  |',
        '',
        `9 of ${LIMITS.maxFields} fields used. Other keys are stored with the record and become fields *proposed* to the owner (listed here once accepted). One client may propose at most ${LIMITS.proposalsPerClient} new fields per hour, and an app holds at most ${LIMITS.maxProposedFields} proposals waiting for the owner; new keys past either are *unlisted keys*: still stored with the record (read back by /query and in exports), shown only to the owner, who may accept them as fields. A record is never refused for the field list.`,
      ].join('\n'),
    )
  })

  test('reads off: no help page tells a stranger (or another account’s token) how many records there are', async () => {
    const { help, ctx, endpoint } = await setup({ name: 'Survey', fields: [{ name: 'email', type: 'email' }] })
    await insertRecords(ctx, endpoint.appId, [{ data: { email: 'a@b.c' } }, { data: { email: 'x@y.z' }, spam: true }])
    const stranger = await makeUser(ctx)
    for (const page of ['?help', '/query?help', '/summary?help', '/form?help', '/batch?help']) {
      for (const as of [undefined, stranger.token]) {
        const text = await help(page, as)
        expect(text).toContain("- Records: not shown while reads are off (the owner's access token sees the counts)")
        expect(text).not.toContain('Records with a value')
        expect(text).not.toMatch(/\d+ flagged as spam/)
      }
    }
  })

  test('every curl example in the page stores what it shows (canonical, flat, batch, webhook)', async () => {
    const { help, request, records } = await setup({ fields: OPTIONAL_TYPES })
    const posts = curlPosts(await help())
    expect(posts.map((p) => p.url.replace(/^.*\/share\/[^/]+/, ''))).toEqual(['', '', '/batch', ''])
    for (const post of posts) {
      const res = await request('POST', post.url.replace('http://localhost:8787', ''), {
        raw: post.body,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.body).toMatchObject({ code: 200 })
    }
    const stored = (await records()).map((r: { data: unknown; meta: unknown }) => [r.data, r.meta])
    const example = exampleData(
      OPTIONAL_TYPES.map((f) => ({
        ...f,
        type: f.type ?? 'text',
        label: '',
        required: false,
        options: f.options ?? null,
        autoCreated: false,
        count: 0,
      })),
    )
    expect(stored).toEqual([
      [example, { source: 'curl' }],
      [example, {}],
      [example, { source: 'import' }],
      [example, {}],
      [{ action: 'opened', issue: { number: 7, title: 'Bug report' }, sender: { login: 'octocat' } }, {}],
    ])
  })

  test('the URLSearchParams example is accepted by /form', async () => {
    const { help, request, endpoint, records } = await setup({ fields: ALL_TYPES })
    const match = /new URLSearchParams\((\[.*\])\) \}\)/.exec(await help())
    expect(match).not.toBeNull()
    const res = await request('POST', endpoint.path('/form'), { raw: new URLSearchParams(JSON.parse(match![1])) })
    expect(res.body).toMatchObject({ code: 200 })
    const [record] = await records()
    expect(record.data).toEqual({
      email: 'ada@example.com',
      age: 42,
      ok: true,
      colour: 'red',
      tags: ['a', 'b'],
      born: '2026-01-31',
      // A json field reads a form's text as JSON (rule 9): the example's text is stored as the value it spells.
      extra: { any: ['nested', 'value'] },
      story: 'Hello,\nseveral lines are fine here.',
      note: 'Hello',
    })
  })

  test('hostile field names stay inside code spans, shell quotes and HTML attributes, and the examples still work', async () => {
    const { help, request, endpoint, records } = await setup({
      fields: HOSTILE.map((name) => ({ name })),
      honeypot: '_hp"x',
    })
    const text = await help()
    expect(text).toContain(
      [
        "| `it's` | text | no |  |  |",
        '| ``a\\|b`c`` | text | no |  |  |',
        '| ``` ``x ``` | text | no |  |  |',
        '| `</textarea><script>` | text | no |  |  |',
        '| `__proto__` | text | no |  |  |',
        '| `名前 ✓` | text | no |  |  |',
      ].join('\n'),
    )
    expect(text).toContain(
      '  <label>&lt;/textarea&gt;&lt;script&gt; <input name="&lt;/textarea&gt;&lt;script&gt;"></label>',
    )
    expect(text).toContain('  <input type="text" name="_hp&quot;x" tabindex="-1" autocomplete="off" hidden>')
    const [canonical] = curlPosts(text)
    expect(canonical.body).toBe(
      JSON.stringify({ data: Object.fromEntries(HOSTILE.map((n) => [n, 'Hello'])), meta: { source: 'curl' } }),
    )
    const res = await request('POST', endpoint.path(), {
      raw: canonical.body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    const [record] = await records()
    expect(Object.keys(record.data)).toEqual(HOSTILE)
  })

  test('limits come from the server configuration, switches from the endpoint', async () => {
    const { help } = await setup(
      { reads: 'off', service: false, autoCreate: false },
      { maxBodyBytes: 2048, maxDepth: 8, maxKeys: 77, rateLimit: { rate: 5, burst: 10 } },
    )
    const text = await help()
    expect(text).toContain(
      [
        '- Writes (`service`): off — POSTs are answered 403 `disabled`',
        "- Reads (`reads`): off — the records are private: /query and /summary answer 403 `disabled` unless the request carries the owner's access token",
        '- Auto-create fields from unknown keys: off',
      ].join('\n'),
    )
    expect(text).toContain(
      'No fields are defined and auto-create is off, so every key would be refused: the owner has to define fields first.',
    )
    expect(text).toContain(
      [
        '| Request body | 2 KiB | 413 `too_large` |',
        '| JSON nesting depth | 8 | 413 `too_large` |',
        '| Keys in one record (all levels) | 77 | 413 `too_large` |',
        `| Fields per app (made or accepted by the owner) | ${LIMITS.maxFields} | 422 \`field_limit\` |`,
        `| New fields one client may propose | ${LIMITS.proposalsPerClient} per hour | stored as unlisted keys |`,
        `| Proposed fields waiting per app | ${LIMITS.maxProposedFields} | stored as unlisted keys |`,
      ].join('\n'),
    )
    expect(text).toContain(
      '| Rate limit | `5/s,10` (requests per second, burst) for writes (/, /form, /batch together; each record of a batch counts as one request), and the same again for reads (/query, /summary together); one client address may use 25% of each (`1.25/s,2`); `?help` pages are not limited | 429 `rate_limited` with `Retry-After` |',
    )
    expect(text).toContain(
      [
        'Every answer of /, /form, /batch, /query and /summary carries the rate-limit headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers), readable by browser code:',
        '',
        '```http',
        'RateLimit-Policy: "endpoint";q=10;w=2, "client";q=2;w=2',
        'RateLimit: "client";r=1;t=2',
        '```',
        '',
        '`RateLimit-Policy` states the limits: `q` requests (the burst) that refill completely in `w` seconds, for the endpoint and for one client address. `RateLimit` reports the one nearer running out: `r` requests left now, full again in `t` seconds. A client that keeps `r` above 0 is never refused; after a 429, wait `Retry-After` seconds.',
      ].join('\n'),
    )
    expect(text).toContain(
      'flat: its top-level keys (`id`, `type`, `data` for Stripe) become fields — define them first, since auto-create is off.',
    )
  })

  test('required fields are named where a webhook event would miss them', async () => {
    const { help } = await setup({ fields: ALL_TYPES })
    expect(await help()).toContain(
      'flat: its top-level keys (`id`, `type`, `data` for Stripe) become fields, proposed to the owner until accepted. This form requires `email`, so an event without it is refused with 422.',
    )
  })

  test('an endpoint rate limit overrides the server default', async () => {
    const { help } = await setup({ rateLimit: 'off' }, { rateLimit: { rate: 5, burst: 10 } })
    const text = await help()
    expect(text).toContain('| Rate limit | off | 429 `rate_limited` with `Retry-After` |')
    expect(text).toContain('This endpoint has no rate limit, so its answers carry no rate-limit headers.')
  })
})

describe('GET /:token/query?help and /summary?help', () => {
  test('…/query/help and …/summary/help (their own operations) answer the same Markdown as ?help, for owner and stranger', async () => {
    const { help, ownerToken, ctx, endpoint, request, call } = await setup({ name: 'Poll', reads: 'off' })
    await insertRecords(ctx, endpoint.appId, [{ data: { note: 'hi' } }])
    for (const [asked, own] of [
      ['/query?help', '/query/help'],
      ['/summary?help', '/summary/help'],
    ]) {
      expect(await help(own)).toBe(await help(asked))
      expect(await help(own, ownerToken)).toBe(await help(asked, ownerToken))
      const res = await request('GET', endpoint.path(own))
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/markdown; charset=utf-8'])
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
    }
    const unknown = await call('reads.queryHelp', { params: { token: 'nope' } })
    expect([unknown.status, unknown.body.error?.type]).toEqual([404, 'not_found'])
  })

  test('query help: parameters, the read-all loop and the response shape', async () => {
    const { help, url } = await setup({ name: 'Poll', reads: 'records' })
    const text = await help('/query?help')
    expect(text.split('\n').slice(0, 3)).toEqual([
      '# Poll — reading records: /query',
      '',
      `\`GET ${url}/query?page=1&size=${LIMITS.defaultPageSize}\``,
    ])
    expect(text).toContain(
      `- \`size\`: records per page, 1 to ${LIMITS.maxPageSize} (default ${LIMITS.defaultPageSize}). A larger size is a 400 \`bad_request\`,`,
    )
    expect(text).toContain(
      '- `spam`: `exclude` (default), `include`, or `only` the records flagged as spam (by the honeypot or the content rules).',
    )
    expect(text).toContain(`  const res = await fetch(\`\${endpoint}/query?page=\${page}&size=${LIMITS.maxPageSize}\`)`)
    expect(text).toContain(
      `  if (body.records.length < ${LIMITS.maxPageSize}) break // the first short page is the last`,
    )
    expect(text).toContain(`  curl -s '${url}/query?size=${LIMITS.maxPageSize}&page='"$page" > "page-$page.json"`)
    expect(text).toContain(`curl -s '${url}/query?page=1&size=10'\ncurl -s '${url}/query?spam=only'`)
  })

  test('query help with reads off: the read-all loop and the examples carry the owner’s token', async () => {
    const { help, url } = await setup({ name: 'Poll' })
    const text = await help('/query?help')
    expect(text).toContain(
      [
        "// The owner's access token, from the environment: never put it in a public page",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the JavaScript example
        'const headers = { Authorization: `Bearer ${process.env.SVC_TOKEN}` }',
        'const records = []',
        'for (let page = 1; ; page++) {',
        `  const res = await fetch(\`\${endpoint}/query?page=\${page}&size=${LIMITS.maxPageSize}\`, { headers })`,
      ].join('\n'),
    )
    expect(text).toContain(
      `  curl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/query?size=${LIMITS.maxPageSize}&page='"$page" > "page-$page.json"`,
    )
    expect(text).toContain(
      `curl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/query?page=1&size=10'\ncurl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/query?spam=only'`,
    )
  })

  test('summary help: what the aggregates hold and the current fields', async () => {
    const { help, url, ctx, endpoint } = await setup({
      name: 'Poll',
      reads: 'summary',
      fields: [{ name: 'score', type: 'number' }],
    })
    await insertRecords(ctx, endpoint.appId, [{ data: { score: 1 } }])
    const res = await testHelpResponse(help)
    expect(res.split('\n').slice(0, 3)).toEqual([
      '# Poll — aggregates: /summary',
      '',
      `\`GET ${url}/summary\` (add \`?spam=include\` or \`?spam=only\`; spam is excluded by default)`,
    ])
    expect(res).toContain(
      `  - text and choices: the top ${LIMITS.summaryTopValues} values with their counts and an \`other\` count;`,
    )
    expect(res).toContain('| `score` | number | no |  | 1 |  |')
    expect(res).toContain(PUBLIC_SUMMARY_NOTE)
    expect(res).toContain(
      '- `minRespondents` (5 here): only when read without the owner\'s access token; what could give one person away is left out or rounded (see "Who may read").',
    )
  })
})

const testHelpResponse = (help: (suffix?: string) => Promise<string>) => help('/summary?help')

/** The owner's curl reads shown in a help page, as URLs. */
const ownerCurls = (markdown: string) =>
  [...markdown.matchAll(/curl -s -H "Authorization: Bearer \$SVC_TOKEN" '([^']+)'/g)].map((m) => m[1])

describe('?help says who may read (rule 16)', () => {
  test('reads off: the records are private, and the page shows how the owner reads; its examples work with the owner’s token only', async () => {
    const { help, url, request, ctx, endpoint, ownerToken } = await setup({ name: 'Contact' })
    await insertRecords(ctx, endpoint.appId, [{ data: { name: 'Ada' } }])
    const text = await help()
    expect(text).toContain(
      [
        '## Read records',
        '',
        '`/query` and `/summary` are private (`reads: "off"`): only the owner reads, with an access token',
        '(`svc_pat_…`, from the admin page under Account → Access Tokens or `svc-cli auth token create`) sent as',
        '`Authorization: Bearer <token>` (below, the token is in `$SVC_TOKEN`). A token of any other account counts as none.',
        'Keep the access token out of public pages and forms: it acts for the whole account.',
        '',
        '```sh',
        `curl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/query?page=1&size=${LIMITS.defaultPageSize}'`,
        `curl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/summary'`,
        '```',
        '',
        'Logged in with svc-cli, the owner reads with `svc-cli share query --app <app id> --all --json` and `svc-cli share summary --app <app id>`, or in the admin page.',
        '',
        PUBLIC_SUMMARY_NOTE,
        '',
        'To let anyone with this link read, the owner sets `reads` to `summary` (aggregates) or `records` (every record), e.g. `svc-cli share set --app <app id> --reads summary`; the answer warns what that exposes.',
      ].join('\n'),
    )
    expect(text).not.toContain('**Warning:**')
    const curls = ownerCurls(text)
    expect(curls).toEqual([`${url}/query?page=1&size=${LIMITS.defaultPageSize}`, `${url}/summary`])
    for (const target of curls) {
      const path = target.replace('http://localhost:8787', '')
      expect((await request('GET', path, { token: ownerToken })).status).toBe(200)
      expect((await request('GET', path)).status).toBe(403)
    }
  })

  test('reads summary: the summary is open with the warning, the records stay the owner’s', async () => {
    const { help, url } = await setup({ name: 'Poll', reads: 'summary' })
    const text = await help()
    expect(text).toContain(
      [
        "- Reads (`reads`): summary — anyone with this link reads /summary; /query answers 403 `disabled` unless the request carries the owner's access token",
        '- Auto-create fields from unknown keys: on',
        '',
        `> **Warning:** ${SUMMARY_WARNING}`,
      ].join('\n'),
    )
    expect(text).toContain(`- Aggregates: \`GET ${url}/summary\`.`)
    expect(text).toContain(
      '`/summary` is open: anyone with this link reads the aggregates, no token needed (`reads: "summary"`).\n`/query` is private (`reads: "summary"`)',
    )
    expect(ownerCurls(text)).toEqual([`${url}/query?page=1&size=${LIMITS.defaultPageSize}`])
    expect(text).toContain(
      'The owner closes reads with `svc-cli share set --app <app id> --reads off` (or in the admin page: Setup → Sharing).',
    )
    expect(await help('/summary?help')).toContain(`curl -s '${url}/summary'`)
  })

  test.each(['?help', '/query?help', '/summary?help'])(
    'reads records: %s says anyone with the link reads every record, with the warning',
    async (suffix) => {
      const { help, url } = await setup({ name: 'Poll', reads: 'records' })
      const text = await help(suffix)
      expect(text).toContain(
        [
          '- Reads (`reads`): records — anyone with this link reads every record (/query) and /summary',
          '- Auto-create fields from unknown keys: on',
          '',
          `> **Warning:** ${RECORDS_WARNING}`,
        ].join('\n'),
      )
      expect(ownerCurls(text)).toEqual([])
      expect(text).toContain(
        'The owner closes reads with `svc-cli share set --app <app id> --reads off` (or in the admin page: Setup → Sharing).',
      )
      if (suffix === '?help')
        expect(text).toContain(
          `- Read: \`GET ${url}/query?page=1&size=${LIMITS.maxPageSize}\`, next page until one has fewer than ${LIMITS.maxPageSize} records.`,
        )
    },
  )

  test('summary help with reads off: the example carries the owner’s token', async () => {
    const { help, url } = await setup({ name: 'Poll' })
    const text = await help('/summary?help')
    expect(text).toContain('`/summary` is private (`reads: "off"`): only the owner reads, with an access token')
    expect(text).toContain(
      'Logged in with svc-cli, the owner reads with `svc-cli share summary --app <app id>`, or in the admin page.',
    )
    expect(text).toContain(
      `## Example\n\n\`\`\`sh\ncurl -s -H "Authorization: Bearer $SVC_TOKEN" '${url}/summary'\n\`\`\``,
    )
  })
})
