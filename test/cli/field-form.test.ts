/**
 * svc-cli field add/update with the form flags (help text, placeholder, each rule, hidden,
 * prefill, page): sent as the field's keys, stored, shown by field get, removed with "" on update,
 * and a refused rule named by its flag.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { server, cli } = await cliAccount()

async function newApp(): Promise<string> {
  return expectOk(await cli('app', 'create', '--name', 'Sign-up', '--json')).json().id as string
}

const storedForm = async (appId: string, name: string) => {
  const form = (await server.ctx.storage.fields.find(appId, name))?.form
  return form ? JSON.parse(form) : null
}

describe('field add and update with form flags', () => {
  test('text flags: help, placeholder, lengths, pattern and its message, prefill; get shows them; "" removes', async () => {
    const app = await newApp()
    const added = expectOk(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'code',
        '--help-text',
        'On your card',
        '--placeholder',
        'AB1234',
        '--min-length',
        '6',
        '--max-length',
        '6',
        '--pattern',
        '[A-Z]{2}[0-9]{4}',
        '--pattern-message',
        'Two capitals, four digits',
        '--prefill',
        '--json',
      ),
    ).json()
    const form = {
      help: 'On your card',
      placeholder: 'AB1234',
      rules: { minLength: 6, maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}', patternMessage: 'Two capitals, four digits' },
      prefill: true,
    }
    expect(added).toMatchObject({ name: 'code', ...form })
    expect(await storedForm(app, 'code')).toEqual(form)
    const human = expectOk(await cli('field', 'get', '--app', app, '--field', 'code')).stdout
    expect(human).toContain('help')
    expect(human).toContain('On your card')
    expect(human).toContain(
      'minLength 6, maxLength 6, pattern [A-Z]{2}[0-9]{4}, patternMessage Two capitals, four digits',
    )

    expectOk(
      await cli(
        'field',
        'update',
        '--app',
        app,
        '--field',
        'code',
        '--help-text',
        '',
        '--pattern',
        '',
        '--pattern-message',
        '',
        '--no-prefill',
      ),
    )
    expect(await storedForm(app, 'code')).toEqual({ placeholder: 'AB1234', rules: { minLength: 6, maxLength: 6 } })
  })

  test('number, date and multichoice rules, and a hidden field', async () => {
    const app = await newApp()
    expectOk(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'age',
        '--type',
        'number',
        '--min',
        '18',
        '--max',
        '120',
        '--step',
        '1',
      ),
    )
    expectOk(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'day',
        '--type',
        'date',
        '--earliest',
        '2026-01-01',
        '--latest',
        '2026-12-31',
      ),
    )
    expectOk(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'tags',
        '--type',
        'multichoice',
        '--options',
        'a,b,c',
        '--min-picks',
        '1',
        '--max-picks',
        '2',
      ),
    )
    expectOk(await cli('field', 'add', '--app', app, '--name', 'source', '--hidden'))
    expect(await storedForm(app, 'age')).toEqual({ rules: { min: 18, max: 120, step: 1 } })
    expect(await storedForm(app, 'day')).toEqual({ rules: { earliest: '2026-01-01', latest: '2026-12-31' } })
    expect(await storedForm(app, 'tags')).toEqual({ rules: { minPicks: 1, maxPicks: 2 } })
    expect(await storedForm(app, 'source')).toEqual({ hidden: true })
    const list = expectOk(await cli('field', 'list', '--app', app)).stdout
    expect(list).toContain('hidden')
  })

  test('--page puts a question on a page; get shows it; "" on update removes it; a page must be a whole number', async () => {
    const app = await newApp()
    expectOk(await cli('field', 'add', '--app', app, '--name', 'name'))
    expectOk(await cli('field', 'add', '--app', app, '--name', 'details', '--page', '2'))
    expect(await storedForm(app, 'details')).toEqual({ page: 2 })
    expect(expectOk(await cli('field', 'get', '--app', app, '--field', 'details')).stdout).toMatch(/page\s+2/)
    expectOk(await cli('field', 'update', '--app', app, '--field', 'details', '--page', ''))
    expect(await storedForm(app, 'details')).toBeNull()
    const usage = await cli('field', 'update', '--app', app, '--field', 'details', '--page', 'two')
    expect([usage.code, usage.stderr]).toEqual([
      2,
      expect.stringContaining('--page must be a whole number from 1; got "two"'),
    ])
  })

  test('a rule that does not fit is refused naming its flag, and a number flag must be a number', async () => {
    const app = await newApp()
    const refused = await cli(
      'field',
      'add',
      '--app',
      app,
      '--name',
      'age',
      '--type',
      'number',
      '--min-length',
      '2',
      '--json',
    )
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        type: 'validation',
        message: '--min-length: only text, longtext, email, phone and url fields have minLength, not number fields',
        details: {
          problems: [
            {
              flag: '--min-length',
              message: 'only text, longtext, email, phone and url fields have minLength, not number fields',
            },
          ],
        },
      },
    })
    const usage = await cli('field', 'add', '--app', app, '--name', 'age', '--type', 'number', '--min', 'ten')
    expect(usage).toMatchObject({
      code: 2,
      stderr: 'error: --min must be a number; got "ten"\nRun `svc-cli field add --help` for usage.\n',
    })
    expect(await server.ctx.storage.fields.list(app)).toEqual([])
  })
})
