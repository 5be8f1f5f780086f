/**
 * svc-cli app and field commands against a real server: human and --json output, exit
 * codes, confirmation with --yes or on a terminal.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { cliAccount, cliInProcess, cliProcess, expectOk, tempConfigHome } from '../support/server.ts'

const { server, env, cli } = await cliAccount()
const ok = expectOk
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

describe('app', () => {
  test('create, get, list, update, urls, delete with --json', async () => {
    const created = ok(
      await cli('app', 'create', '--name', 'Contact form', '--description', 'Website', '--json'),
    ).json()
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Contact form',
      description: 'Website',
      createdAt: iso,
      updatedAt: iso,
      fieldCount: 0,
      recordCount: 0,
      spamCount: 0,
      lastRecordAt: null,
      published: false,
      reads: 'off',
      role: 'owner',
    })
    expect(ok(await cli('app', 'get', '--app', created.id, '--json')).json()).toEqual(created)
    expect(ok(await cli('app', 'list', '--json')).json()).toEqual({ apps: [created] })
    const updated = ok(await cli('app', 'update', '--app', created.id, '--name', 'Kontakt', '--json')).json()
    expect(updated).toEqual({ ...created, name: 'Kontakt', updatedAt: iso })
    expect(ok(await cli('app', 'urls', '--app', created.id, '--json')).json()).toEqual({
      endpoint: null,
      help: null,
      fillIn: null,
      editor: `${server.ctx.config.baseUrl}/admin/#/apps/${created.id}`,
      data: `${server.ctx.config.baseUrl}/admin/#/apps/${created.id}/data`,
    })
    expect(ok(await cli('app', 'delete', '--app', created.id, '--yes', '--json')).json()).toEqual({
      deleted: true,
      id: created.id,
    })
    const gone = await cli('app', 'get', '--app', created.id, '--json')
    expect(gone.code).toBe(1)
    expect(JSON.parse(gone.stderr).error.type).toBe('not_found')
  })

  test('human output: details and an aligned table', async () => {
    const run = ok(await cli('app', 'create', '--name', 'Survey'))
    const app = (await cli('app', 'list', '--json')).json().apps.find((a: { name: string }) => a.name === 'Survey')
    expect(run.stdout).toBe(
      [
        `id           ${app.id}`,
        'name         Survey',
        'description  -',
        'fields       0',
        'records      0',
        'spam         0',
        'last record  -',
        'published    no',
        `created      ${app.createdAt}`,
        `updated      ${app.updatedAt}`,
        '',
      ].join('\n'),
    )
    const list = ok(await cli('app', 'list')).stdout.split('\n')
    expect(list[0]).toMatch(/^ID\s+NAME\s+FIELDS\s+RECORDS\s+PUBLISHED\s+LAST RECORD$/)
    expect(list[1].indexOf('Survey')).toBe(list[0].indexOf('NAME'))
    expect(run.stdout).not.toContain('\u001B[')
  })

  test('delete off a terminal needs --yes (exit 2, nothing deleted); on a terminal it asks', async () => {
    const { id } = ok(await cli('app', 'create', '--name', 'Doomed', '--json')).json()
    const refused = await cliProcess(['app', 'delete', '--app', id], { env })
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toBe(
      `error: Delete app ${id} and all its records: refusing without confirmation; pass --yes\n`,
    )
    ok(await cli('app', 'get', '--app', id))

    // On a terminal the error is red, unless NO_COLOR is set.
    const declined = await cliInProcess(['app', 'delete', '--app', id], { env, prompt: async () => 'n' })
    expect(declined).toMatchObject({ code: 1, stderr: '\u001B[31merror:\u001B[0m Cancelled; nothing was changed\n' })
    const plain = await cliInProcess(['app', 'delete', '--app', id], {
      env: { ...env, NO_COLOR: '1' },
      prompt: async () => 'no',
    })
    expect(plain).toMatchObject({ code: 1, stderr: 'error: Cancelled; nothing was changed\n' })
    const asked: string[] = []
    const accepted = await cliInProcess(['app', 'delete', '--app', id], {
      env,
      prompt: async (q) => {
        asked.push(q)
        return 'y'
      },
    })
    expect(accepted).toMatchObject({ code: 0, stdout: `Deleted app ${id}.\n` })
    expect(asked).toEqual([`Delete app ${id} and all its records? [y/N] `])
  })

  test('a server-side refusal comes back as exit 1 with its type and message', async () => {
    const { id } = ok(await cli('app', 'create', '--name', 'Twice', '--json')).json()
    ok(await cli('field', 'add', '--app', id, '--name', 'x'))
    const run = await cli('field', 'add', '--app', id, '--name', 'x', '--json')
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr)).toEqual({
      error: { type: 'conflict', message: 'This app already has a field named "x"; choose another name' },
    })
  })

  test('update with nothing to change is a usage error', async () => {
    expect(await cli('app', 'update', '--app', 'x')).toMatchObject({
      code: 2,
      stderr: 'error: Nothing to change: pass --name and/or --description\n',
    })
  })
})

describe("inputs are checked with the server's schemas before sending", () => {
  // The schema names API fields (`rateLimit`, `options.1`); the error names the flags typed.
  test.each([
    [['app', 'create', '--name', 'x'.repeat(201)], '--name', 'can have at most 200 characters'],
    [
      ['field', 'add', '--app', 'a', '--name', 'size', '--type', 'choice'],
      '--options',
      'is required for a choice field: list the choices',
    ],
    [['field', 'options', '--app', 'a', '--field', 'f', '--set', 'a,a'], '--set', '1: repeats the option "a"'],
    // A value starting with "-" is still the flag's value, not an unknown flag.
    [['field', 'options', '--app', 'a', '--field', 'f', '--set', '-a,-a'], '--set', '1: repeats the option "-a"'],
    [
      ['share', 'set', '--app', 'a', '--rate-limit', 'fast'],
      '--rate-limit',
      'must look like "20/s,100" or "off", got "fast"',
    ],
    [
      ['profile', 'update', '--email', 'not-an-address'],
      '--email',
      'must be an e-mail address such as name@example.com',
    ],
  ])(
    'svc-cli %p fails locally (server unreachable) with the same validation error, naming %s',
    async (argv, flag, problem) => {
      const run = await cliInProcess([...argv, '--json'], {
        env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x', XDG_CONFIG_HOME: tempConfigHome() },
      })
      expect(run.code).toBe(1)
      expect(JSON.parse(run.stderr)).toEqual({
        error: {
          type: 'validation',
          message: `${flag}: ${problem}`,
          details: { problems: [{ flag, message: problem }] },
        },
      })
    },
  )

  test('human output lists every problem', async () => {
    const run = await cliInProcess(['field', 'add', '--app', 'a', '--name', ' ', '--type', 'choice'], {
      env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x', XDG_CONFIG_HOME: tempConfigHome() },
    })
    expect(run.stderr).toStartWith('error: 2 problems: ')
    expect(run.stderr.split('\n').filter((l) => l.startsWith('  - '))).toEqual([
      '  - --name: a field name cannot be empty',
      '  - --options: is required for a choice field: list the choices',
    ])
  })
})

describe('field', () => {
  let app: string
  beforeAll(async () => {
    app = ok(await cli('app', 'create', '--name', 'Fields', '--json')).json().id
  })

  test('add, list, get by name, update, options, move, remove', async () => {
    const plan = ok(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'plan',
        '--type',
        'choice',
        '--options',
        'free,pro',
        '--required',
        '--json',
      ),
    ).json()
    expect(plan).toEqual({
      id: expect.any(String),
      name: 'plan',
      type: 'choice',
      label: '',
      required: true,
      options: ['free', 'pro'],
      position: 0,
      autoCreated: false,
      proposed: false,
      createdAt: iso,
      updatedAt: iso,
    })
    const email = ok(await cli('field', 'add', '--app', app, '--name', 'e-mail', '--type', 'email', '--json')).json()
    expect(email).toMatchObject({ name: 'e-mail', type: 'email', options: null, position: 1, required: false })

    expect(ok(await cli('field', 'get', '--app', app, '--field', 'plan', '--json')).json()).toEqual(plan)
    const options = ok(
      await cli('field', 'options', '--app', app, '--field', 'plan', '--set', '["free","pro, annual"]', '--json'),
    ).json()
    expect(options.options).toEqual(['free', 'pro, annual'])
    const updated = ok(
      await cli('field', 'update', '--app', app, '--field', email.id, '--label', 'Your e-mail', '--required', '--json'),
    ).json()
    expect(updated).toMatchObject({ id: email.id, label: 'Your e-mail', required: true })
    const optional = ok(
      await cli('field', 'update', '--app', app, '--field', email.id, '--no-required', '--json'),
    ).json()
    expect(optional.required).toBe(false)

    const moved = ok(await cli('field', 'move', '--app', app, '--field', 'e-mail', '--to', '0', '--json')).json()
    expect(moved.fields.map((f: { name: string; position: number }) => [f.name, f.position])).toEqual([
      ['e-mail', 0],
      ['plan', 1],
    ])
    expect(moved.limit).toBe(50)

    const human = ok(await cli('field', 'list', '--app', app)).stdout
    expect(human).toMatch(
      /^POS\s+NAME\s+TYPE\s+REQUIRED\s+OPTIONS\s+LABEL\s+FORM\s+PROPOSED\s+ID\n0\s+e-mail\s+email\s+-\s+Your e-mail/,
    )
    expect(human).toEndWith('\n\n2 of 50 fields\n')

    expect((await cli('field', 'remove', '--app', app, '--field', 'plan')).code).toBe(2)
    expect(ok(await cli('field', 'remove', '--app', app, '--field', 'plan', '--yes', '--json')).json()).toEqual({
      deleted: true,
      id: plan.id,
    })
    expect(
      ok(await cli('field', 'list', '--app', app, '--json'))
        .json()
        .fields.map((f: { name: string }) => f.name),
    ).toEqual(['e-mail'])
  })

  test('the newer types: a rating with --max-rating, its details saying so; a consent is required; a likert has options', async () => {
    const stars = ok(
      await cli('field', 'add', '--app', app, '--name', 'stars', '--type', 'rating', '--max-rating', '10', '--json'),
    ).json()
    expect(stars).toMatchObject({ name: 'stars', type: 'rating', max: 10, required: false })
    const human = ok(await cli('field', 'update', '--app', app, '--field', 'stars', '--max-rating', '4')).stdout
    expect(human).toMatch(/\nmax rating +4\n/)
    expect(await cli('field', 'update', '--app', app, '--field', 'stars', '--max-rating', 'lots')).toMatchObject({
      code: 2,
      stderr: 'error: --max-rating must be a whole number; got "lots"\nRun `svc-cli field update --help` for usage.\n',
    })
    const tooHigh = await cli('field', 'add', '--app', app, '--name', 'big', '--type', 'rating', '--max-rating', '11')
    expect(tooHigh).toMatchObject({ code: 1, stderr: 'error: --max-rating: can be at most 10\n' })
    const terms = ok(
      await cli('field', 'add', '--app', app, '--name', 'terms', '--type', 'consent', '--label', 'I agree', '--json'),
    ).json()
    expect(terms).toMatchObject({ type: 'consent', label: 'I agree', required: true })
    for (const type of ['phone', 'url', 'time', 'datetime', 'nps'])
      expect(ok(await cli('field', 'add', '--app', app, '--name', type, '--type', type, '--json')).json().type).toBe(
        type,
      )
    const agree = ok(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'agree',
        '--type',
        'likert',
        '--options',
        'No,Maybe,Yes',
        '--json',
      ),
    ).json()
    expect(agree.options).toEqual(['No', 'Maybe', 'Yes'])
    for (const name of ['stars', 'terms', 'phone', 'url', 'time', 'datetime', 'nps', 'agree'])
      ok(await cli('field', 'remove', '--app', app, '--field', name, '--yes'))
  })

  test('bad input: --to not a number (2), a choice without options (server 422 → 1)', async () => {
    expect(await cli('field', 'move', '--app', app, '--field', 'x', '--to', 'first')).toMatchObject({
      code: 2,
      stderr: 'error: --to must be a whole number, got "first"\nRun `svc-cli field move --help` for usage.\n',
    })
    const run = await cli('field', 'add', '--app', app, '--name', 'size', '--type', 'choice', '--json')
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'validation',
        message: '--options: is required for a choice field: list the choices',
        details: { problems: [{ flag: '--options', message: 'is required for a choice field: list the choices' }] },
      },
    })
  })
})
