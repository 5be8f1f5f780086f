/**
 * svc-cli and the proof-of-work challenge against a real server: share set's flags, share
 * post solving the challenge of a form that requires one, share query showing spam reasons.
 */
import { describe, expect, test } from 'bun:test'
import { pathOf } from '../../server/contract/api/routes.ts'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli, server } = await cliAccount()
const ok = expectOk

const strangerPost = (token: string, body: unknown) =>
  fetch(`${server.url}${pathOf('ingest.post').replace(':token', token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('share set --challenge, share post, share query --spam only', () => {
  test('require: a stranger is refused, share post solves and stores', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Sign-up', '--json')).json().id as string
    ok(await cli('field', 'add', '--app', app, '--name', 'name', '--type', 'text'))
    const { token } = ok(await cli('share', 'publish', '--app', app, '--json')).json() as { token: string }
    const set = ok(
      await cli('share', 'set', '--app', app, '--challenge', 'require', '--challenge-difficulty', '5000', '--json'),
    ).json()
    expect(set).toMatchObject({ challenge: 'require', challengeDifficulty: 5000 })
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain(
      'challenge              require (proof of work, difficulty 5000)\n',
    )
    const refused = await strangerPost(token, { name: 'Bot' })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('challenge_required')
    ok(await cli('share', 'post', '--app', app, '--data', '{"name":"Ada"}'))
    ok(await cli('share', 'post', '--app', app, '--set', 'name=Grace'))
    const records = ok(await cli('share', 'query', '--app', app, '--json')).json() as {
      records: Array<{ data: unknown; spam?: true }>
    }
    expect(records.records.map((record) => [record.data, record.spam ?? false])).toEqual([
      [{ name: 'Ada' }, false],
      [{ name: 'Grace' }, false],
    ])
  })

  test('flag: a post without a solution is spam, and share query --spam only shows why', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Flagged', '--json')).json().id as string
    ok(await cli('field', 'add', '--app', app, '--name', 'name', '--type', 'text'))
    const { token } = ok(await cli('share', 'publish', '--app', app, '--json')).json() as { token: string }
    ok(await cli('share', 'set', '--app', app, '--challenge', 'flag'))
    expect((await strangerPost(token, { name: 'Bot', _gotcha: 'x' })).status).toBe(200)
    const shown = ok(await cli('share', 'query', '--app', app, '--spam', 'only')).stdout
    expect(shown).toContain('spam: honeypot, challenge_missing')
  })

  test('a bad --challenge is a usage error', async () => {
    const run = await cli('share', 'set', '--app', 'x', '--challenge', 'maybe')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--challenge must be off, flag or require, got "maybe"')
  })
})
