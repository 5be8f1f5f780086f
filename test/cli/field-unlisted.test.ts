/**
 * svc-cli field list and field accept with unlisted keys (issue 40): a stranger's keys past
 * the proposal budget are listed below the fields with their counts and first and last
 * post, and accepted by name like proposals. The stranger is a plain POST without a token.
 */
import { expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { cliAccount, expectOk } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const { server, cli } = await cliAccount()

test('field list shows unlisted keys; field accept adopts one, typed from its values', async () => {
  const app = expectOk(await cli('app', 'create', '--name', 'Sensors', '--json')).json().id as string
  const token = expectOk(await cli('share', 'publish', '--app', app, '--json')).json().token as string
  const keys = Array.from({ length: LIMITS.proposalsPerClient + 2 }, (_, i) => `s${String(i).padStart(2, '0')}`)
  const res = await callServer(server.url, 'ingest.post', {
    params: { token },
    body: Object.fromEntries(keys.map((key, i) => [key, i])),
  })
  expect(res.status).toBe(200)
  const listed = expectOk(await cli('field', 'list', '--app', app, '--json')).json()
  expect(listed.unlisted.map((key: { name: string; count: number }) => [key.name, key.count])).toEqual([
    ['s10', 1],
    ['s11', 1],
  ])
  const human = expectOk(await cli('field', 'list', '--app', app)).stdout
  expect(human).toContain('Unlisted keys (stored in records, on no public page; past the proposal budgets):')
  const rows = human.split('\n').map((line) => line.split(/\s+/))
  const header = rows.findIndex((row) => row[0] === 'NAME' && row[1] === 'RECORDS')
  expect(rows[header]).toEqual(['NAME', 'RECORDS', 'FIRST', 'SEEN', 'LAST', 'SEEN'])
  expect(rows.slice(header + 1, header + 3).map((row) => row.slice(0, 2))).toEqual([
    ['s10', '1'],
    ['s11', '1'],
  ])
  expect(human).toEndWith('Adopt one as a field with: svc-cli field accept --app <appId> <name>…\n')
  expect(expectOk(await cli('field', 'accept', '--app', app, 's11')).stdout).toBe('Accepted 1 field: s11 (number).\n')
  expect(
    expectOk(await cli('field', 'list', '--app', app, '--json'))
      .json()
      .unlisted.map((k: { name: string }) => k.name),
  ).toEqual(['s10'])
})
