/**
 * svc-cli field update --type on a published app whose records hold values in the field:
 * refused (exit 1, the server's 409 naming the count) until --force, in-process and as a
 * real process; what the server stores afterwards.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, cliProcess, expectOk } from '../support/server.ts'

const { server, env, cli } = await cliAccount()

/** A published app with an `age` text field and `n` records holding it, made with the CLI. */
async function appWithRecords(n: number): Promise<string> {
  const app = expectOk(await cli('app', 'create', '--name', 'Ages', '--json')).json().id as string
  expectOk(await cli('field', 'add', '--app', app, '--name', 'age'))
  expectOk(await cli('share', 'publish', '--app', app))
  for (let i = 0; i < n; i++)
    expectOk(await cli('share', 'post', '--app', app, '--data', JSON.stringify({ age: String(30 + i) })))
  return app
}

/** The type of the app's (one) field. */
const storedType = async (appId: string) => (await server.ctx.storage.fields.list(appId))[0]?.type

const MESSAGE =
  'Field "age" is on a published app and 2 records hold values sent as text; changing its type to number does not convert them ' +
  '(stored records keep what they were sent, so old and new values would mix). To change it anyway, send "force": true ' +
  '(svc-cli field update … --type number --force)'

describe('field update --type on a published app with records', () => {
  test('refused with exit 1 and the count (--json and human); --force changes it', async () => {
    const app = await appWithRecords(2)
    const json = await cli('field', 'update', '--app', app, '--field', 'age', '--type', 'number', '--json')
    expect(json).toMatchObject({ code: 1, stdout: '' })
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'conflict',
        message: MESSAGE,
        details: {
          field: 'age',
          from: 'text',
          to: 'number',
          records: 2,
          force: 'send "force": true to change the type anyway',
        },
      },
    })
    const human = await cli('field', 'update', '--app', app, '--field', 'age', '--type', 'number')
    expect(human).toMatchObject({ code: 1, stdout: '', stderr: `error: ${MESSAGE}\n` })
    expect(await storedType(app)).toBe('text')

    const forced = expectOk(
      await cli('field', 'update', '--app', app, '--field', 'age', '--type', 'number', '--force', '--json'),
    ).json()
    expect(forced).toMatchObject({ name: 'age', type: 'number', autoCreated: false })
    expect(await storedType(app)).toBe('number')
    // The records keep the text they were sent.
    const page = expectOk(await cli('share', 'query', '--app', app, '--json')).json()
    expect(page.records.map((r: { data: unknown }) => r.data)).toEqual([{ age: '30' }, { age: '31' }])
  })

  test('as a real process: exit 1 without --force, exit 0 with it', async () => {
    const app = await appWithRecords(1)
    const refused = await cliProcess(['field', 'update', '--app', app, '--field', 'age', '--type', 'date'], { env })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toBe(
      'error: Field "age" is on a published app and 1 record holds a value sent as text; changing its type to date does not convert them ' +
        '(stored records keep what they were sent, so old and new values would mix). To change it anyway, send "force": true ' +
        '(svc-cli field update … --type date --force)\n',
    )
    const forced = await cliProcess(['field', 'update', '--app', app, '--field', 'age', '--type', 'date', '--force'], {
      env,
    })
    expect(forced.stderr).toBe('')
    expect(forced.code).toBe(0)
    const id = (await server.ctx.storage.fields.list(app))[0].id
    expect(forced.stdout).toBe(
      `id            ${id}\nname          age\ntype          date\nlabel         -\nrequired      no\noptions       -\nposition      0\nauto-created  no\nproposed      no\n`,
    )
    expect(await storedType(app)).toBe('date')
  })

  test('no refusal before publishing; --force alone is not a change', async () => {
    const app = expectOk(await cli('app', 'create', '--name', 'Draft', '--json')).json().id as string
    expectOk(await cli('field', 'add', '--app', app, '--name', 'age'))
    expect(
      expectOk(await cli('field', 'update', '--app', app, '--field', 'age', '--type', 'number', '--json')).json().type,
    ).toBe('number')
    const nothing = await cli('field', 'update', '--app', app, '--field', 'age', '--force')
    expect(nothing).toMatchObject({ code: 2, stdout: '' })
    expect(nothing.stderr).toStartWith(
      'error: Nothing to change: pass --name, --type, --label, --required/--no-required, --options, --max-files, --max-size, --accept, --max-rating, --help-text, --placeholder, a rule (--min-length, --pattern, --min, --earliest, --min-picks…), --hidden, --prefill, --show-if or --translation',
    )
  })
})
