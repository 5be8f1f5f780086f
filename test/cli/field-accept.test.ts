/**
 * svc-cli field accept (issue 31 row 1): keys strangers posted are listed as proposed, and
 * one command accepts some or all of them; what the server stores afterwards. The stranger
 * is a plain POST without the access token.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const { server, cli } = await cliAccount()

/** A published app with an owner field `name`, and a stranger's record with `city`, `age` and `note`. */
async function appWithProposals(): Promise<string> {
  const app = expectOk(await cli('app', 'create', '--name', 'Contact', '--json')).json().id as string
  expectOk(await cli('field', 'add', '--app', app, '--name', 'name'))
  const token = expectOk(await cli('share', 'publish', '--app', app, '--json')).json().token as string
  const res = await callServer(server.url, 'ingest.post', {
    params: { token },
    body: { name: 'Ada', city: 'Paris', age: 36, note: 'hi' },
  })
  expect(res.status).toBe(200)
  return app
}

/** `[name, type, proposed]` of the app's stored fields. */
const stored = async (app: string) =>
  (await server.ctx.storage.fields.list(app)).map((f) => [f.name, f.type, f.proposed])

describe('field accept', () => {
  test('field list marks proposals; accept by name (with --type), then --all', async () => {
    const app = await appWithProposals()
    const human = expectOk(await cli('field', 'list', '--app', app)).stdout
    const rows = human.split('\n').map((line) => line.split(/\s+/))
    expect(rows[0]).toEqual(['POS', 'NAME', 'TYPE', 'REQUIRED', 'OPTIONS', 'LABEL', 'FORM', 'PROPOSED', 'ID'])
    expect(rows.slice(1, 5).map((row) => row.slice(0, -1))).toEqual([
      ['0', 'name', 'text', '-'],
      ['1', 'city', 'text', '-', 'yes'],
      ['2', 'age', 'number', '-', 'yes'],
      ['3', 'note', 'text', '-', 'yes'],
    ])
    expect(human).toEndWith(
      `\n\n1 of 50 fields; 3 proposed by anonymous posts (svc-cli field accept --app ${app} <name>… or --all)\n`,
    )
    expect(
      expectOk(await cli('field', 'list', '--app', app, '--json'))
        .json()
        .fields.map((f: { proposed: boolean }) => f.proposed),
    ).toEqual([false, true, true, true])

    const one = expectOk(await cli('field', 'accept', '--app', app, 'city', '--json')).json()
    expect(one.fields).toMatchObject([{ name: 'city', type: 'text', proposed: false, autoCreated: false }])
    expect(expectOk(await cli('field', 'accept', '--app', app, 'note', '--type', 'longtext')).stdout).toBe(
      'Accepted 1 field: note (longtext).\n',
    )
    expect(expectOk(await cli('field', 'accept', '--app', app, '--all')).stdout).toBe(
      'Accepted 1 field: age (number).\n',
    )
    expect(expectOk(await cli('field', 'accept', '--app', app, '--all')).stdout).toBe('No proposed field to accept.\n')
    expect(await stored(app)).toEqual([
      ['name', 'text', false],
      ['city', 'text', false],
      ['age', 'number', false],
      ['note', 'longtext', false],
    ])
  })

  test('usage errors (exit 2) and a name that is no field (exit 1)', async () => {
    const app = await appWithProposals()
    expect(await cli('field', 'accept', '--app', app)).toMatchObject({ code: 2 })
    expect(await cli('field', 'accept', '--app', app, 'city', '--all')).toMatchObject({ code: 2 })
    expect(await cli('field', 'accept', '--app', app, '--all', '--type', 'text')).toMatchObject({ code: 2 })
    const missing = await cli('field', 'accept', '--app', app, 'nope', '--json')
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.stderr)).toEqual({
      error: {
        type: 'not_found',
        message: `Field "nope" not found. Did you mean "note"? See the proposed fields with \`svc-cli field list --app ${app}\``,
      },
    })
    expect((await stored(app)).filter(([, , proposed]) => proposed).length).toBe(3)
  })

  test('a typo gets "did you mean" with the closest proposed name (exit 1); nothing is accepted', async () => {
    const app = await appWithProposals()
    const typo = await cli('field', 'accept', '--app', app, 'citty')
    expect(typo).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `error: Field "citty" not found. Did you mean "city"? See the proposed fields with \`svc-cli field list --app ${app}\`\n`,
    })
    const json = await cli('field', 'accept', '--app', app, 'age', 'nte', '--json')
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'not_found',
        message: `Field "nte" not found. Did you mean "note"? See the proposed fields with \`svc-cli field list --app ${app}\``,
      },
    })
    expect((await stored(app)).filter(([, , proposed]) => proposed).length).toBe(3)
  })

  test('an empty list names the app it was given in its hint, quoted when the name needs it', async () => {
    expectOk(await cli('app', 'create', '--name', "Bob's RSVP"))
    expect(expectOk(await cli('field', 'list', '--app', "Bob's RSVP")).stdout).toBe(
      "No fields yet. Add one with: svc-cli field add --app 'Bob'\\''s RSVP' --name email --type email\n\n0 of 50 fields\n",
    )
  })

  test("share post sends the owner's token: its new keys are accepted fields", async () => {
    const app = await appWithProposals()
    expectOk(await cli('share', 'post', '--app', app, '--data', '{"plan":"pro"}'))
    expect((await stored(app)).at(-1)).toEqual(['plan', 'text', false])
  })
})
