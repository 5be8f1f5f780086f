/**
 * svc-cli field add/update --show-if against a real server: the condition as JSON, said in
 * words by field get and list, refused with the server's 422 when it names a later field,
 * refused before any request when it is not JSON, and removed with null.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('field --show-if', () => {
  test('add, get, list and update a condition; refusals name what to fix', async () => {
    const { id: app } = ok(await cli('app', 'create', '--name', 'Feedback', '--json')).json()
    ok(await cli('field', 'add', '--app', app, '--name', 'likes', '--type', 'boolean', '--required'))
    const condition = { all: [{ field: 'likes', op: 'eq', value: false }] }
    const added = ok(
      await cli('field', 'add', '--app', app, '--name', 'why', '--show-if', JSON.stringify(condition), '--json'),
    ).json()
    expect(added.showIf).toEqual(condition)
    const shown = ok(await cli('field', 'get', '--app', app, '--field', 'why')).stdout
    expect(shown).toContain('show if       likes is false\n')
    const list = ok(await cli('field', 'list', '--app', app)).stdout.split('\n')
    expect(list[0]).toMatch(/^POS\s+NAME\s+TYPE\s+REQUIRED\s+OPTIONS\s+LABEL\s+FORM\s+SHOW IF\s+PROPOSED\s+ID$/)
    expect(list[2]).toContain('likes is false')

    const any = {
      any: [
        { field: 'likes', op: 'unanswered' },
        { field: 'likes', op: 'in', value: [false] },
      ],
    }
    ok(await cli('field', 'update', '--app', app, '--field', 'why', '--show-if', JSON.stringify(any)))
    expect(ok(await cli('field', 'get', '--app', app, '--field', 'why')).stdout).toContain(
      'show if       likes is not answered or likes is one of false\n',
    )

    const later = await cli(
      'field',
      'update',
      '--app',
      app,
      '--field',
      'likes',
      '--show-if',
      '{"all":[{"field":"why","op":"answered"}]}',
    )
    expect(later.code).toBe(1)
    expect(later.stderr).toBe(
      'error: --show-if: all.0.field: names "why", which comes after this field; a condition can only look at earlier questions\n',
    )
    const notJson = await cli('field', 'update', '--app', app, '--field', 'why', '--show-if', '{all: []}')
    expect(notJson.code).toBe(2)
    expect(notJson.stderr).toBe(
      `error: --show-if must be JSON like '{"all":[{"field":"likes","op":"eq","value":false}]}' (or null to remove it); got "{all: []}"\nRun \`svc-cli field update --help\` for usage.\n`,
    )
    const removed = ok(
      await cli('field', 'update', '--app', app, '--field', 'why', '--show-if', 'null', '--json'),
    ).json()
    expect('showIf' in removed).toBe(false)
  })
})
