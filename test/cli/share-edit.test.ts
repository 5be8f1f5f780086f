/**
 * svc-cli share edit and share get as a person and a script run them (real processes
 * against a real server): values given as form text are read by the field's type, the
 * change shows from → to and stays in the record's history, a refused value names the flag
 * and the field, a destructive edit needs --yes off a terminal; and share export --raw
 * writes a phone number as it was typed.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cliAccount, cliInProcess, cliProcess, expectOk } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const { env, cli } = await cliAccount()
const ok = expectOk

/** A published app with typed fields and one record; its id and the record's. */
async function appWithRecord() {
  const app = ok(await cli('app', 'create', '--name', 'Contacts', '--json')).json().id as string
  for (const field of [
    ['--name', 'email', '--type', 'email', '--required'],
    ['--name', 'phone'],
    ['--name', 'age', '--type', 'number'],
    ['--name', 'tags', '--type', 'multichoice', '--options', 'a,b,c'],
  ])
    ok(await cli('field', 'add', '--app', app, ...field, '--json'))
  ok(await cli('share', 'publish', '--app', app, '--json'))
  const record = ok(
    await cli(
      'share',
      'post',
      '--app',
      app,
      '--data',
      '{"email":"ada@example.com","phone":"+44 20 7946 0958","age":36}',
      '--json',
    ),
  ).json().id as string
  return { app, record }
}

describe('svc-cli share edit', () => {
  test('--set values are read by the field type (repeated for several options), --unset removes; the history shows the change', async () => {
    const { app, record } = await appWithRecord()
    const run = await cliProcess(
      [
        'share',
        'edit',
        '--app',
        app,
        '--record',
        record,
        '--set',
        'age=37',
        '--set',
        'tags=a',
        '--set',
        'tags=c',
        '--unset',
        'phone',
        '--yes',
        '--json',
      ],
      { env },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const edited = run.json()
    expect(edited.data).toEqual({ email: 'ada@example.com', age: 37, tags: ['a', 'c'] })
    expect(edited.changed).toEqual(['age', 'tags', 'phone'])
    expect(edited.history[0].changes).toEqual([
      { field: 'age', from: 36, to: 37 },
      { field: 'tags', to: ['a', 'c'] },
      { field: 'phone', from: '+44 20 7946 0958' },
    ])
    // A person reads the change and the record, with its history.
    const shown = ok(await cliProcess(['share', 'get', '--app', app, '--record', record], { env })).stdout
    expect(shown).toContain('age        37')
    expect(shown).toContain('History (1 edit, newest first)')
    expect(shown).toMatch(
      /#1 \S+ by \S+@\S+: age 36 → 37; tags \(none\) → \["a","c"\]; phone "\+44 20 7946 0958" → \(none\)/,
    )
    const again = ok(
      await cliProcess(['share', 'edit', '--app', app, '--record', record, '--set', 'age=37', '--yes'], { env }),
    ).stdout
    expect(again.split('\n')[0]).toBe('Nothing changed: the record already held these values.')
  })

  test('a value the field refuses names --set and the field; nothing changes', async () => {
    const { app, record } = await appWithRecord()
    const run = await cliProcess(
      [
        'share',
        'edit',
        '--app',
        app,
        '--record',
        record,
        '--set',
        'email=not-an-email',
        '--set',
        'age=old',
        '--yes',
        '--json',
      ],
      { env },
    )
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr).error).toMatchObject({
      type: 'invalid_value',
      message:
        '2 problems: --set: email: must be an e-mail address, got string "not-an-email"; --set: age: must be a number, got string "old"',
    })
    expect(ok(await cli('share', 'get', '--app', app, '--record', record, '--json')).json()).toMatchObject({
      data: { age: 36 },
      edits: 0,
    })
  })

  test('off a terminal it needs --yes; with nothing to change, or a pair without =, it is a usage error', async () => {
    const { app, record } = await appWithRecord()
    const refused = await cliProcess(['share', 'edit', '--app', app, '--record', record, '--set', 'age=1'], { env })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing without confirmation; pass --yes')
    const nothing = await cliInProcess(['share', 'edit', '--app', app, '--record', record, '--yes'], { env })
    expect(nothing.code).toBe(2)
    expect(nothing.stderr).toContain('Nothing to change: pass --set field=value')
    const bad = await cliInProcess(['share', 'edit', '--app', app, '--record', record, '--set', 'age', '--yes'], {
      env,
    })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--set write field=value')
    const twice = await cliInProcess(
      ['share', 'edit', '--app', app, '--record', record, '--set', 'age=1', '--unset', 'age', '--yes'],
      { env },
    )
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('"age" is given twice')
    // A person at a terminal is asked, and "y" goes ahead.
    const asked: string[] = []
    const yes = await cliInProcess(['share', 'edit', '--app', app, '--record', record, '--set', 'age=40'], {
      env,
      prompt: async (question) => {
        asked.push(question)
        return 'y'
      },
    })
    expect(yes.code).toBe(0)
    expect(asked).toEqual([`Change field age of record ${record}? (the old values stay in its history) [y/N] `])
  })

  test('--data takes exact JSON values', async () => {
    const { app, record } = await appWithRecord()
    const edited = ok(
      await cli(
        'share',
        'edit',
        '--app',
        app,
        '--record',
        record,
        '--data',
        '{"phone":"007","age":null}',
        '--yes',
        '--json',
      ),
    ).json()
    expect(edited.data).toEqual({ email: 'ada@example.com', phone: '007' })
  })

  test('--set on a json field reads the text as JSON; text that is not JSON is a usage error naming the field', async () => {
    const { app, record } = await appWithRecord()
    ok(await cli('field', 'add', '--app', app, '--name', 'payload', '--type', 'json', '--json'))
    const edited = ok(
      await cli('share', 'edit', '--app', app, '--record', record, '--set', 'payload={"a":[1,2]}', '--yes', '--json'),
    ).json()
    expect(edited.data.payload).toEqual({ a: [1, 2] })
    const broken = await cliInProcess(
      ['share', 'edit', '--app', app, '--record', record, '--set', 'payload={"a":', '--yes'],
      { env },
    )
    expect(broken.code).toBe(2)
    expect(broken.stderr).toContain(`--set payload is a JSON field: give JSON, like payload='{"key": "value"}'`)
    const stored = ok(await cli('share', 'get', '--app', app, '--record', record, '--json')).json()
    expect(stored.data.payload).toEqual({ a: [1, 2] })
  })
})

describe('svc-cli share export --raw', () => {
  test('writes text exactly as typed; without it a formula-like cell is neutralised', async () => {
    const { app } = await appWithRecord()
    const dir = tempDir('svc-export-raw-')
    ok(await cliProcess(['share', 'export', '--app', app, '--out', join(dir, 'raw.csv'), '--raw'], { env }))
    ok(await cliProcess(['share', 'export', '--app', app, '--out', join(dir, 'safe.csv')], { env }))
    expect(readFileSync(join(dir, 'raw.csv'), 'utf8')).toContain(',ada@example.com,+44 20 7946 0958,36,')
    expect(readFileSync(join(dir, 'safe.csv'), 'utf8')).toContain(`,ada@example.com,"'+44 20 7946 0958",36,`)
    const jsonl = await cliInProcess(['share', 'export', '--app', app, '--format', 'jsonl', '--raw'], { env })
    expect(jsonl.code).toBe(2)
    expect(jsonl.stderr).toContain('--raw applies to CSV only')
  })
})
