/**
 * svc-cli share against a real server: publishing, settings, sending records from flags
 * and stdin, reading one page or everything, summary and streamed exports.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cliAccount, cliInProcess, cliProcess, expectOk } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import { RECORDS_WARNING, SUMMARY_WARNING } from '../support/reads.ts'
import { callServer, target } from '../support/call.ts'

const { server, env, cli } = await cliAccount()
const ok = expectOk
const newApp = async (name: string) => ok(await cli('app', 'create', '--name', name, '--json')).json().id as string

describe('share settings', () => {
  test('status, publish, set, url, rotate, unpublish', async () => {
    const app = await newApp('Settings')
    const status = await cli('share', 'status', '--app', app, '--json')
    const before = ok(status).json()
    expect(before).toMatchObject({
      published: false,
      token: null,
      endpoint: null,
      service: true,
      reads: 'off',
      autoCreate: true,
    })
    expect(before).not.toHaveProperty('warnings')
    expect(status.stderr).toBe('')

    const url = await cli('share', 'url', '--app', app, '--json')
    expect(url.code).toBe(1)
    expect(JSON.parse(url.stderr)).toEqual({
      error: {
        type: 'not_published',
        message: `App ${app} has no endpoint yet: run svc-cli share publish --app ${app}`,
      },
    })

    const published = ok(await cli('share', 'publish', '--app', app, '--json')).json()
    expect(published).toMatchObject({
      published: true,
      token: expect.any(String),
      endpoint: `${server.ctx.config.baseUrl}${target('ingest.post', { params: { token: published.token } }).path}`,
    })
    expect(ok(await cli('share', 'url', '--app', app)).stdout).toBe(`${published.endpoint}\n`)

    const set = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--reads',
        'off',
        '--auto-create',
        'off',
        '--rate-limit',
        '5/s,10',
        '--redirect-origins',
        'https://example.com, https://b.example',
        '--honeypot',
        '_trap',
        '--json',
      ),
    ).json()
    expect(set).toMatchObject({
      reads: 'off',
      autoCreate: false,
      service: true,
      rateLimit: '5/s,10',
      redirectOrigins: ['https://example.com', 'https://b.example'],
      honeypot: '_trap',
    })
    const reset = ok(await cli('share', 'set', '--app', app, '--rate-limit', 'default', '--json')).json()
    expect(reset.rateLimit).toBeNull()
    expect((await cli('share', 'set', '--app', app)).code).toBe(2)

    expect((await cli('share', 'rotate', '--app', app)).code).toBe(2)
    const rotated = ok(await cli('share', 'rotate', '--app', app, '--yes', '--json')).json()
    expect(rotated.token).not.toBe(published.token)
    expect((await callServer(server.url, 'ingest.post', { params: { token: published.token }, body: {} })).status).toBe(
      404,
    )

    const human = ok(await cli('share', 'unpublish', '--app', app, '--yes')).stdout
    expect(human).toStartWith('published              no\n')
  })

  test('what a browser sees after a form post: the thank-you text and URL, and back to the hosted page', async () => {
    const app = await newApp('Thanks')
    const set = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--thank-you-message',
        'Thanks! We answer within a day.',
        '--thank-you-url',
        'https://example.com/thanks',
        '--json',
      ),
    ).json()
    expect(set).toMatchObject({
      thankYouMessage: 'Thanks! We answer within a day.',
      thankYouUrl: 'https://example.com/thanks',
    })
    const human = ok(await cli('share', 'set', '--app', app, '--thank-you-url', '')).stdout
    expect(human).toContain('after a form post      the hosted thank-you page: Thanks! We answer within a day.\n')
    const refused = await cli('share', 'set', '--app', app, '--thank-you-url', 'ftp://example.com')
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({
      code: 1,
      stderr:
        'error: --thank-you-url: must be an absolute http:// or https:// URL without user name or password, such as https://example.com/thanks\n',
    })
  })

  test('--submit-another: whether the thank-you page offers another response (on by default)', async () => {
    const app = await newApp('Once each')
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain(
      'another response       offered on the thank-you page\n',
    )
    expect(ok(await cli('share', 'set', '--app', app, '--submit-another', 'off', '--json')).json().submitAnother).toBe(
      false,
    )
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain('another response       not offered\n')
    const wrong = await cli('share', 'set', '--app', app, '--submit-another', 'maybe')
    expect({ code: wrong.code, stderr: wrong.stderr }).toEqual({
      code: 2,
      stderr: 'error: --submit-another must be on or off, got "maybe"\nRun `svc-cli share set --help` for usage.\n',
    })
  })

  test('--summary-min: how many records must give a value before the public summary lists it', async () => {
    const app = await newApp('Small groups')
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain(
      'public summary         values at least 5 records gave; never e-mail addresses\n',
    )
    expect(
      ok(await cli('share', 'set', '--app', app, '--summary-min', '3', '--json')).json().summaryMinRespondents,
    ).toBe(3)
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain(
      'public summary         values at least 3 records gave; never e-mail addresses\n',
    )
    const low = await cli('share', 'set', '--app', app, '--summary-min', '2')
    expect({ code: low.code, stdout: low.stdout, stderr: low.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: --summary-min: must be at least 3: a value fewer people gave could point at one of them\n',
    })
    const word = await cli('share', 'set', '--app', app, '--summary-min', 'five')
    expect({ code: word.code, stdout: word.stdout, stderr: word.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: --summary-min must be a whole number of at least 3, got "five"\nRun `svc-cli share set --help` for usage.\n',
    })
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json().summaryMinRespondents).toBe(3)
  })
})

describe('share set --reads: who reads with the link, and the warnings', () => {
  // [flag value, stored, warnings in the JSON and on stderr]
  const cases: Array<[string, string, string[]]> = [
    ['records', 'records', [RECORDS_WARNING]],
    ['summary', 'summary', [SUMMARY_WARNING]],
    ['on', 'records', [RECORDS_WARNING]],
    ['OFF', 'off', []],
  ]
  test.each(cases)('--reads %s → reads %s, warned on stderr and in --json', async (flag, stored, warnings) => {
    const app = await newApp(`Reads ${flag}`)
    if (stored === 'off') expect((await cli('share', 'set', '--app', app, '--reads', 'records', '--yes')).code).toBe(0)
    const json = await cli('share', 'set', '--app', app, '--reads', flag, '--json', '--yes')
    expect(json.code).toBe(0)
    const data = json.json()
    expect(data.reads).toBe(stored)
    if (warnings.length) expect(data.warnings).toEqual(warnings)
    else expect(data).not.toHaveProperty('warnings')
    expect(json.stderr).toBe(warnings.map((w) => `warning: ${w}\n`).join(''))
    const human = await cli('share', 'set', '--app', app, '--reads', flag, '--yes')
    expect(human.stderr).toBe(warnings.map((w) => `warning: ${w}\n`).join(''))
    expect(human.stdout).toContain(`reads (query/summary)  ${stored}`)
  })

  test('share status and share publish warn about an app whose records are open; with reads off they say nothing', async () => {
    const app = await newApp('Dashboard')
    const quiet = await cli('share', 'publish', '--app', app)
    expect([quiet.code, quiet.stderr]).toEqual([0, ''])
    expect(quiet.stdout).toContain('reads (query/summary)  off (only you read, with your access token)\n')
    expect((await cli('share', 'set', '--app', app, '--reads', 'records', '--yes')).code).toBe(0)
    const status = await cli('share', 'status', '--app', app)
    expect(status.code).toBe(0)
    expect(status.stderr).toBe(`warning: ${RECORDS_WARNING}\n`)
    expect(status.stdout).toContain('reads (query/summary)  records (anyone with the link reads every record)\n')
    const asJson = await cli('share', 'status', '--app', app, '--json')
    expect(asJson.json()).toMatchObject({ published: true, reads: 'records', warnings: [RECORDS_WARNING] })
    expect(asJson.stderr).toBe(`warning: ${RECORDS_WARNING}\n`)
    expect((await cli('share', 'unpublish', '--app', app, '--yes')).code).toBe(0)
    const again = await cli('share', 'publish', '--app', app, '--json')
    expect(again.json().warnings).toEqual([RECORDS_WARNING])
    expect(again.stderr).toBe(`warning: ${RECORDS_WARNING}\n`)
  })

  test('--reads records (or on) off a terminal needs --yes: exit 2 saying so, reads stay as they were', async () => {
    const app = await newApp('Private until asked')
    for (const flag of ['records', 'on']) {
      const res = await cli('share', 'set', '--app', app, '--reads', flag)
      expect(res).toMatchObject({
        code: 2,
        stdout: '',
        stderr:
          'error: Let anyone with the endpoint link read every record: refusing without confirmation; pass --yes\n',
      })
    }
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json().reads).toBe('off')
  })

  test('on a terminal it asks first: "n" changes nothing, "y" opens the records', async () => {
    const app = await newApp('Asked')
    const questions: string[] = []
    const ask = (answer: string) => async (question: string) => {
      questions.push(question)
      return answer
    }
    const no = await cliInProcess(['share', 'set', '--app', app, '--reads', 'records'], { env, prompt: ask('n') })
    expect(no.code).toBe(1)
    expect(no.stderr).toEndWith(' Cancelled; nothing was changed\n')
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json().reads).toBe('off')
    const yes = await cliInProcess(['share', 'set', '--app', app, '--reads', 'records'], { env, prompt: ask('y') })
    expect(yes.code).toBe(0)
    expect(questions).toEqual([
      'Let anyone with the endpoint link read every record? [y/N] ',
      'Let anyone with the endpoint link read every record? [y/N] ',
    ])
    expect((await cli('share', 'status', '--app', app, '--json')).json().reads).toBe('records')
    // Summary-only reads are not every record: no question.
    expect((await cli('share', 'set', '--app', app, '--reads', 'summary')).code).toBe(0)
  })

  test('an unknown --reads value is a usage error; nothing is sent', async () => {
    const app = await newApp('Typo')
    const res = await cli('share', 'set', '--app', app, '--reads', 'public')
    expect(res).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'error: --reads must be off, summary or records (on still means records), got "public"\nRun `svc-cli share set --help` for usage.\n',
    })
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json().reads).toBe('off')
  })
})

describe('records', () => {
  let app: string
  beforeAll(async () => {
    app = await newApp('Records')
    ok(await cli('share', 'publish', '--app', app))
  })

  test('a new app keeps its records private: the link alone reads nothing, the CLI reads with the login', async () => {
    const { token, reads } = ok(await cli('share', 'status', '--app', app, '--json')).json()
    expect(reads).toBe('off')
    const anonymous = await callServer(server.url, 'reads.query', { params: { token } })
    expect(anonymous.status).toBe(403)
    expect(anonymous.body.error?.type).toBe('disabled')
  })

  test('post from --data and from stdin (real process), then query one page', async () => {
    const first = ok(
      await cli('share', 'post', '--app', app, '--data', '{"name":"Ada","age":36}', '--source', 'ci', '--json'),
    ).json()
    expect(first).toEqual({ id: expect.any(String) })
    const second = await cliProcess(['share', 'post', '--app', app, '--json'], {
      env,
      stdin: '{"data":{"name":"Grace","age":45}}',
    })
    expect(second.code).toBe(0)
    const page = ok(await cli('share', 'query', '--app', app, '--size', '1', '--json')).json()
    expect(page).toEqual({
      records: [
        { id: first.id, data: { name: 'Ada', age: 36 }, meta: { source: 'ci' }, createdAt: expect.any(String) },
      ],
      page: 1,
      size: 1,
      total: 2,
    })
    const human = ok(await cli('share', 'query', '--app', app)).stdout.split('\n')
    expect(human[0]).toMatch(/^CREATED\s+NAME\s+AGE\s+ID$/)
    expect(human[1]).toMatch(/^\S+Z\s+Ada\s+36\s+\S+$/)
    expect(human.at(-2)).toBe('Page 1 · 2 of 2 records')
  })

  test('query, summary and export read through the owner routes, so they work with the reads of the endpoint off', async () => {
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json().reads).toBe('off')
    expect(ok(await cli('share', 'query', '--app', app, '--json')).json().total).toBe(2)
    expect(ok(await cli('share', 'summary', '--app', app, '--json')).json().total).toBe(2)
    expect(ok(await cli('share', 'export', '--app', app, '--json')).json()).toHaveLength(2)
    // Nothing in svc-cli (nor its MCP tools) reads through the public endpoint; its one use is share post's submission (JSON, or a form with files), and the proof-of-work challenge it solves first.
    const { readdirSync, readFileSync: read } = await import('node:fs')
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      )
    const uses = walk(join(import.meta.dir, '..', '..', 'cli')).flatMap((file) =>
      [...read(file, 'utf8').matchAll(/.*(?:\/api\/v3\/share\/|'(?:ingest|reads)\.).*/g)].map((m) => m[0].trim()),
    )
    expect(uses).toEqual([
      "const challenge = await client.call('ingest.challenge', { params: { token: endpoint.token } }, { auth: false })",
      "const data = await client.callForm('ingest.form', { params: { token: endpoint.token } }, form, { headers })",
      "const data = await client.call('ingest.post', { params: { token: endpoint.token }, body: record }, { headers })",
    ])
  })

  test('post without a record is a usage error naming --data', async () => {
    expect(await cli('share', 'post', '--app', app)).toMatchObject({
      code: 2,
      stderr: 'error: No record given: pass --data \'{"name":"value"}\' or pipe JSON into stdin\n',
    })
    expect(await cli('share', 'post', '--app', app, '--data', '{oops')).toMatchObject({ code: 2 })
  })

  test('query --all follows the read-all protocol across full pages', async () => {
    const bulk = await newApp('Bulk')
    const published = ok(await cli('share', 'publish', '--app', bulk, '--json')).json()
    const records = Array.from({ length: 2001 }, (_, i) => ({ n: i }))
    for (let i = 0; i < records.length; i += 1000) {
      const response = await callServer(server.url, 'ingest.batch', {
        params: { token: published.token },
        body: records.slice(i, i + 1000),
      })
      expect(response.status).toBe(200)
    }
    const all = ok(await cli('share', 'query', '--app', bulk, '--all', '--json')).json()
    expect(all.total).toBe(2001)
    expect(all.records.map((r: { data: { n: number } }) => r.data.n)).toEqual(records.map((r) => r.n))
  })

  test('summary as JSON and as a table', async () => {
    const summary = ok(await cli('share', 'summary', '--app', app, '--json')).json()
    expect(summary).toMatchObject({
      total: 2,
      spam: 0,
      fields: { name: { count: 2, missing: 0 }, age: { count: 2, min: 36, max: 45 } },
    })
    const human = ok(await cli('share', 'summary', '--app', app)).stdout
    expect(human).toStartWith('records  2\nspam     0\n')
    expect(human).toMatch(/\nage\s+number\s+2\s+0\s+min 36 · max 45 · mean 40\.5\n/)
  })

  test('export streams CSV to stdout and JSON Lines to a file', async () => {
    const csv = await cliProcess(['share', 'export', '--app', app], { env })
    expect(csv.code).toBe(0)
    // stdout is for programs: no byte-order mark (test/cli/export-bom.test.ts has the rule).
    expect(csv.stdout).toStartWith('id,createdAt,')
    expect(csv.stdout).toContain('Ada')
    expect(csv.stdout).toContain('Grace')
    const dir = tempDir('svc-export-')
    const file = join(dir, 'records.jsonl')
    const written = ok(await cli('share', 'export', '--app', app, '--format', 'jsonl', '--out', file, '--json')).json()
    const text = readFileSync(file, 'utf8')
    expect(written).toEqual({ path: file, rows: 2, bytes: Buffer.byteLength(text) })
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).data),
    ).toEqual([
      { name: 'Ada', age: 36 },
      { name: 'Grace', age: 45 },
    ])
  })

  test('export --json prints the records as one JSON array (a real process)', async () => {
    const run = await cliProcess(['share', 'export', '--app', app, '--json'], { env })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    const records = JSON.parse(run.stdout)
    expect(records).toEqual([
      { id: expect.any(String), data: { name: 'Ada', age: 36 }, meta: { source: 'ci' }, createdAt: expect.any(String) },
      { id: expect.any(String), data: { name: 'Grace', age: 45 }, meta: {}, createdAt: expect.any(String) },
    ])
    expect(records.map((r: { id: string }) => r.id)).toEqual(
      ok(await cli('share', 'query', '--app', app, '-q'))
        .stdout.trim()
        .split('\n'),
    )
    const empty = await newApp('Empty export')
    expect(ok(await cli('share', 'export', '--app', empty, '--json')).stdout).toBe('[]\n')
  })

  test('export --out counts CSV rows even when a cell holds line breaks', async () => {
    const multi = await newApp('Multiline')
    ok(await cli('share', 'publish', '--app', multi))
    for (const note of ['one\ntwo\r\nthree', 'say "hi",\nthen go', 'plain'])
      ok(await cli('share', 'post', '--app', multi, '--data', JSON.stringify({ note })))
    const file = join(tempDir('svc-export-'), 'notes.csv')
    const written = ok(await cli('share', 'export', '--app', multi, '--out', file, '--json')).json()
    expect(written).toEqual({ path: file, rows: 3, bytes: readFileSync(file).byteLength })
    const human = ok(await cli('share', 'export', '--app', multi, '--out', file)).stdout
    expect(human).toBe(`Wrote 3 records (${readFileSync(file).byteLength} bytes of CSV) to ${file}\n`)
  })

  test('export --json with --format but no --out is a usage error naming --format', async () => {
    const run = await cli('share', 'export', '--app', app, '--format', 'csv', '--json')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    const problem =
      'chooses the format of a file: pass --out <file> with it, or leave it out (--json prints the records as one JSON array)'
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'usage',
        message: `--format ${problem}`,
        details: { problems: [{ flag: '--format', message: problem }] },
      },
    })
  })

  test('query -q prints record ids; on a terminal a last line on stderr says how many more there are', async () => {
    const all = ok(await cli('share', 'query', '--app', app, '--json'))
      .json()
      .records.map((r: { id: string }) => r.id)
    expect(ok(await cli('share', 'query', '--app', app, '-q')).stdout).toBe(`${all.join('\n')}\n`)
    expect(ok(await cli('share', 'query', '--app', app, '--quiet', '--json')).json()).toEqual(all)
    const terminal = { env, prompt: async () => '' }
    const first = await cliInProcess(['share', 'query', '--app', app, '--limit', '1', '-q'], terminal)
    expect(first).toMatchObject({ code: 0, stdout: `${all[0]}\n`, stderr: '1 more — use --page 2 --size 1\n' })
    const last = await cliInProcess(['share', 'query', '--app', app, '--limit', '1', '--page', '2', '-q'], terminal)
    expect(last).toMatchObject({ code: 0, stdout: `${all[1]}\n`, stderr: '' })
    // Off a terminal and with --json: nothing on stderr (the JSON has page, size and total).
    expect(ok(await cli('share', 'query', '--app', app, '--limit', '1', '-q')).stdout).toBe(`${all[0]}\n`)
    const json = await cliInProcess(['share', 'query', '--app', app, '--limit', '1', '--json'], terminal)
    expect(json.stderr).toBe('')
    expect(json.json()).toMatchObject({ page: 1, size: 1, total: 2 })
  })

  test('spam marks records as spam and --not takes it back; ids from arguments or stdin', async () => {
    const own = await newApp('Spam marks')
    ok(await cli('share', 'publish', '--app', own))
    const ids: string[] = []
    for (const name of ['Ada', 'Grace', 'Linus'])
      ids.push(ok(await cli('share', 'post', '--app', own, '--data', JSON.stringify({ name }), '-q')).stdout.trim())
    expect(ok(await cli('share', 'spam', '--app', own, ids[0], ids[2])).stdout).toBe('Marked 2 records as spam.\n')
    expect(ok(await cli('share', 'query', '--app', own, '--json')).json()).toMatchObject({
      total: 1,
      records: [{ id: ids[1] }],
    })
    const human = ok(await cli('share', 'query', '--app', own, '--spam', 'include')).stdout.split('\n')
    expect(human[0]).toMatch(/^CREATED\s+SPAM\s+NAME\s+ID$/)
    expect(human.slice(1, 4).map((line) => line.split(/\s+/).slice(1, 3))).toEqual([
      ['spam', 'Ada'],
      ['Grace', ids[1]],
      ['spam', 'Linus'],
    ])
    expect(ok(await cli('share', 'summary', '--app', own, '--json')).json()).toMatchObject({ total: 1, spam: 2 })
    // Piped from query -q, as the example shows.
    const spamIds = ok(await cli('share', 'query', '--app', own, '--spam', 'only', '-q')).stdout
    const back = await cliInProcess(['share', 'spam', '--app', own, '--not', '--json'], { env, stdin: spamIds })
    expect(ok(back).json()).toEqual({ changed: 2, spam: false })
    expect(ok(await cli('share', 'spam', '--app', own, '--not', ids[1])).stdout).toBe(
      'Marked 0 records as not spam. 1 was already so marked or not in this app.\n',
    )
    expect(ok(await cli('share', 'summary', '--app', own, '--json')).json()).toMatchObject({ total: 3, spam: 0 })
    const none = await cliInProcess(['share', 'spam', '--app', own], { env, stdin: '' })
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('Name the records: svc-cli share spam --app <app id> <record id>…')
  })

  test('query --filter reads only the matching records, export --filter downloads them; a bad filter says what to fix', async () => {
    const own = await newApp('Filtered')
    ok(await cli('share', 'publish', '--app', own))
    for (const [name, age] of [
      ['Ada', 36],
      ['Grace', 45],
      ['Linus', 17],
    ] as const)
      ok(await cli('share', 'post', '--app', own, '--data', JSON.stringify({ name, age })))
    const adults = ok(
      await cli('share', 'query', '--app', own, '--filter', "age >= 18 && name != 'Grace'", '--json'),
    ).json()
    expect(adults).toMatchObject({ total: 1, records: [{ data: { name: 'Ada', age: 36 } }] })
    const human = ok(await cli('share', 'query', '--app', own, '--filter', 'age >= 18')).stdout
    expect(human).toEndWith('\n\nPage 1 · 2 of 2 matching records\n')
    const all = ok(await cli('share', 'query', '--app', own, '--filter', "name ~ 'a'", '--all', '--json')).json()
    expect(all.records.map((r: { data: { name: string } }) => r.data.name)).toEqual(['Ada', 'Grace'])
    const exported = ok(await cli('share', 'export', '--app', own, '--filter', 'age < 18', '--json')).json()
    expect(exported.map((r: { data: { name: string } }) => r.data.name)).toEqual(['Linus'])
    const bad = await cli('share', 'query', '--app', own, '--filter', 'agee > 1', '--json')
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stderr)).toEqual({
      error: {
        type: 'bad_request',
        message: 'filter: this app has no field "agee"; its fields: name, age (and created, id) (at character 1)',
      },
    })
  })

  test('post -q prints the new record id only', async () => {
    const quiet = await newApp('Quiet')
    ok(await cli('share', 'publish', '--app', quiet))
    const run = ok(await cli('share', 'post', '--app', quiet, '--data', '{"name":"Quiet"}', '-q'))
    expect(run.stdout).toMatch(/^\S+\n$/)
    const page = ok(await cli('share', 'query', '--app', quiet, '--json')).json()
    expect(page.records).toEqual([
      { id: run.stdout.trim(), data: { name: 'Quiet' }, meta: {}, createdAt: expect.any(String) },
    ])
  })

  test('a progress line appears on a terminal only, and ends with a newline', async () => {
    const file = join(tempDir('svc-export-'), 'records.csv')
    const onTerminal = await cliInProcess(['share', 'export', '--app', app, '--out', file], {
      env,
      prompt: async () => '',
    })
    expect(onTerminal.code).toBe(0)
    expect(onTerminal.stderr).toStartWith(`\r\u001B[K${file}: `)
    expect(onTerminal.stderr).toEndWith(' KiB\n')
    expect(onTerminal.stdout).toBe(`Wrote 2 records (${readFileSync(file).byteLength} bytes of CSV) to ${file}\n`)
    const offTerminal = await cliInProcess(['share', 'export', '--app', app, '--out', file], { env })
    expect(offTerminal.stderr).toBe('')
    // On a terminal but with --json: no progress either; stdout is the one document.
    const json = await cliInProcess(['share', 'export', '--app', app, '--out', file, '--json'], {
      env,
      prompt: async () => '',
    })
    expect(json).toMatchObject({ code: 0, stderr: '' })
    expect(json.json()).toEqual({ path: file, rows: 2, bytes: readFileSync(file).byteLength })
  })
})
