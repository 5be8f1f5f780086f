/**
 * `svc-cli records erase` and `records find` against a real server: where to look must be
 * said (--app or --all-apps), a dry run lists and keeps, erasing off a terminal needs --yes
 * and on one asks with the count first, the receipt names each app; find prints the records
 * as JSON.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { cliInProcess, cliAccount, expectOk } from '../support/server.ts'

const { server, env, cli } = await cliAccount()
const ok = expectOk
let jobs: string
let events: string

/** The records' data of an app, oldest first. */
const stored = async (app: string) =>
  (
    ok(await cli('share', 'query', '--app', app, '--spam', 'include', '--json')).json().records as Array<{
      data: unknown
    }>
  ).map((record) => record.data)

beforeAll(async () => {
  jobs = ok(await cli('app', 'create', '--name', 'Jobs', '--json')).json().id as string
  events = ok(await cli('app', 'create', '--name', 'Events', '--json')).json().id as string
  for (const [app, data] of [
    [jobs, '{"email": "Ada@Example.com"}'],
    [jobs, '{"email": "bob@example.com"}'],
    [events, '{"who": ["ada@example.com", "carol@example.com"]}'],
  ] as const) {
    ok(await cli('share', 'publish', '--app', app, '--json'))
    ok(await cli('share', 'post', '--app', app, '--data', data, '--json'))
  }
})

describe('svc-cli records erase', () => {
  test('without --app or --all-apps it says where to look, and erases nothing', async () => {
    const run = await cli('records', 'erase', '--value', 'ada@example.com', '--yes')
    expect([run.code, run.stderr.trim()]).toEqual([
      2,
      'error: Say where to erase: --app <id or name>[,…] or --all-apps\nRun `svc-cli records erase --help` for usage.',
    ])
    expect(await stored(jobs)).toHaveLength(2)
  })

  test('a dry run lists the apps that hold the value, and keeps everything', async () => {
    const run = ok(await cli('records', 'erase', '--value', 'ada@example.com', '--all-apps', '--dry-run'))
    expect(run.stdout.trim().split('\n')).toEqual([
      'Would erase 2 records in 2 apps (dry run: nothing erased; run it again without --dry-run)',
      `  Events (${events}): 1 record`,
      `  Jobs (${jobs}): 1 record`,
    ])
    expect(await stored(jobs)).toHaveLength(2)
  })

  test('off a terminal it needs --yes; on one it asks with the count, and no keeps everything', async () => {
    const refused = await cli('records', 'erase', '--value', 'ada@example.com', '--app', 'Jobs')
    expect([refused.code, refused.stderr.trim()]).toEqual([
      2,
      'error: Erase every record holding the value: refusing without confirmation; pass --yes',
    ])
    const questions: string[] = []
    const asked = await cliInProcess(['records', 'erase', '--value', 'ada@example.com', '--app', 'Jobs'], {
      env,
      prompt: async (question) => {
        questions.push(question)
        return 'n'
      },
    })
    expect(questions).toEqual(['Would erase 1 record in 1 app. Erase them? [y/N] '])
    expect(asked.code).toBe(1)
    expect(await stored(jobs)).toHaveLength(2)
  })

  test('find prints the records as JSON; erase --yes deletes them and prints the receipt', async () => {
    const found = ok(await cli('records', 'find', '--value', 'ADA@example.com', '--app', `${jobs},Events`))
    const records = JSON.parse(found.stdout).records as Array<{ app: { name: string }; data: unknown }>
    expect(records.map((record) => [record.app.name, record.data])).toEqual([
      ['Jobs', { email: 'Ada@Example.com' }],
      ['Events', { who: ['ada@example.com', 'carol@example.com'] }],
    ])
    const erased = ok(await cli('records', 'erase', '--value', 'ada@example.com', '--all-apps', '--yes', '--json'))
    const receipt = erased.json()
    expect(receipt).toMatchObject({ dryRun: false, records: 2, complete: true })
    expect(await stored(jobs)).toEqual([{ email: 'bob@example.com' }])
    expect(await stored(events)).toEqual([])
    expect(server.url).toStartWith('http://127.0.0.1')
  })
})
