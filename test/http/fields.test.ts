import { describe, expect, test } from 'bun:test'
import type { Field } from '../../server/contract/api/fields.ts'
import type { ChangeKind } from '../../server/core/changes.ts'
import { invalid, type CallInput } from '../support/call.ts'
import { testApp, type TestApp, validationBody } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

const T0 = '2026-01-01T00:00:00.000Z'
const MISSING = '01890000-0000-7000-8000-000000000000'
const APP_NOT_FOUND = { code: 404, error: { type: 'not_found', message: 'App not found' } }

async function setup() {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const other = await makeUser(t.ctx)
  const app = await t.call('apps.create', { body: { name: 'Survey' } }, { token: owner.token })
  const appId: string = app.body.data.id
  const changes: Array<[string, ChangeKind]> = []
  t.ctx.changes.subscribe((id, kind) => changes.push([id, kind]))
  return { t, owner, other, appId, changes }
}

async function add(t: TestApp, token: string, appId: string, body: CallInput<'fields.add'>['body']) {
  const res = await t.call('fields.add', { params: { id: appId }, body }, { token })
  expect(res.status).toBe(200)
  return res.body.data as { id: string; name: string }
}

function fieldBody(id: string, overrides: Partial<Field> = {}): Field {
  return {
    id,
    name: 'email',
    type: 'text',
    label: '',
    required: false,
    options: null,
    position: 0,
    autoCreated: false,
    proposed: false,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  }
}

/** `[name, position]` of the stored fields, by position. */
const stored = async (t: TestApp, appId: string) =>
  (await t.ctx.storage.fields.list(appId)).map((row) => [row.name, row.position])

describe('POST /fields', () => {
  test('adds a text field with defaults', async () => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call('fields.add', { params: { id: appId }, body: { name: ' email ' } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: fieldBody(res.body.data.id) })
    expect(changes).toEqual([[appId, 'fields']])
    expect((await t.call('apps.get', { params: { id: appId } }, { token: owner.token })).body.data.fieldCount).toBe(1)
  })

  test('adds a required choice field with a label and trimmed options at the next position', async () => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'first' })
    const res = await t.call(
      'fields.add',
      {
        params: { id: appId },
        body: { name: 'plan', type: 'choice', label: ' Which plan? ', required: true, options: [' free ', 'pro'] },
      },
      { token: owner.token },
    )
    expect(res.body).toEqual({
      code: 200,
      data: fieldBody(res.body.data.id, {
        name: 'plan',
        type: 'choice',
        label: 'Which plan?',
        required: true,
        options: ['free', 'pro'],
        position: 1,
      }),
    })
    expect(await stored(t, appId)).toEqual([
      ['first', 0],
      ['plan', 1],
    ])
  })

  test.each(['number', 'boolean', 'date', 'email', 'json'])('accepts type %s', async (type) => {
    const { t, owner, appId } = await setup()
    const res = await t.call('fields.add', { params: { id: appId }, body: { name: 'x', type } }, { token: owner.token })
    expect(res.body).toEqual({ code: 200, data: fieldBody(res.body.data.id, { name: 'x', type }) })
  })

  test.each([
    ['Chinese', '电子邮件'],
    ['Arabic', 'البريد الإلكتروني'],
    ['emoji', '⭐ rating'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['hasOwnProperty', 'hasOwnProperty'],
    ['64 characters of emoji', '🙂'.repeat(64)],
  ])('accepts a %s name and finds the field by it', async (_label, name) => {
    const { t, owner, appId } = await setup()
    const created = await add(t, owner.token, appId, { name })
    expect(created.name).toBe(name)
    const byName = await t.call('fields.get', { params: { id: appId, field: name } }, { token: owner.token })
    expect(byName.status).toBe(200)
    expect(byName.body).toEqual({ code: 200, data: fieldBody(created.id, { name }) })
  })

  test.each([
    ['no name', {}, [{ path: 'name', message: 'is required' }]],
    ['an empty name', { name: '  ' }, [{ path: 'name', message: 'a field name cannot be empty' }]],
    [
      'a 65-character name',
      { name: 'n'.repeat(65) },
      [{ path: 'name', message: 'a field name can have at most 64 characters' }],
    ],
    [
      'a control character in the name',
      { name: 'a\u0000b' },
      [{ path: 'name', message: 'a field name cannot contain control characters' }],
    ],
    [
      'a line separator in the name',
      { name: 'a\u2028b' },
      [{ path: 'name', message: 'a field name cannot contain control characters' }],
    ],
    ['a name that is not text', { name: 1 }, [{ path: 'name', message: 'must be a string' }]],
    [
      'an unknown type',
      { name: 'x', type: 'integer' },
      [
        {
          path: 'type',
          message:
            'must be one of text, longtext, number, boolean, choice, multichoice, likert, rating, nps, date, time, datetime, email, phone, url, consent, file, json',
        },
      ],
    ],
    ['required as a string', { name: 'x', required: 'yes' }, [{ path: 'required', message: 'must be true or false' }]],
    [
      'a long label',
      { name: 'x', label: 'l'.repeat(201) },
      [{ path: 'label', message: 'can have at most 200 characters' }],
    ],
    [
      'options on a text field',
      { name: 'x', options: ['a'] },
      [{ path: 'options', message: 'only choice, multichoice and likert fields have options, not text fields' }],
    ],
    [
      'a choice field without options',
      { name: 'x', type: 'choice' },
      [{ path: 'options', message: 'is required for a choice field: list the choices' }],
    ],
    [
      'a multichoice field with no options',
      { name: 'x', type: 'multichoice', options: [] },
      [{ path: 'options', message: 'needs at least one option' }],
    ],
    [
      'repeated options',
      { name: 'x', type: 'choice', options: ['a', 'b', ' a'] },
      [{ path: 'options.2', message: 'repeats the option "a"' }],
    ],
    [
      'an empty option',
      { name: 'x', type: 'choice', options: ['a', ''] },
      [{ path: 'options.1', message: 'cannot be empty' }],
    ],
    [
      'an over-long option',
      { name: 'x', type: 'choice', options: ['o'.repeat(201)] },
      [{ path: 'options.0', message: 'can have at most 200 characters' }],
    ],
    [
      'an option that is not text',
      { name: 'x', type: 'choice', options: [3] },
      [{ path: 'options.0', message: 'must be a string' }],
    ],
    [
      '101 options',
      { name: 'x', type: 'choice', options: Array.from({ length: 101 }, (_, i) => `o${i}`) },
      [{ path: 'options', message: 'can have at most 100 options' }],
    ],
    [
      'options that are not a list',
      { name: 'x', type: 'choice', options: 'a,b' },
      [{ path: 'options', message: 'must be an array of strings' }],
    ],
    [
      'everything wrong at once',
      { name: '', type: 'choice', required: 1, label: 5 },
      [
        { path: 'name', message: 'a field name cannot be empty' },
        { path: 'label', message: 'must be a string' },
        { path: 'required', message: 'must be true or false' },
        { path: 'options', message: 'is required for a choice field: list the choices' },
      ],
    ],
    [
      'an unknown property',
      { name: 'x', kind: 'text' },
      [
        {
          path: '',
          message:
            'unknown properties "kind"; allowed: name, type, label, required, options, maxFiles, maxSize, accept, max, help, placeholder, rules, hidden, prefill, showIf, translations, page',
        },
      ],
    ],
    ['a non-object body', 'email', [{ path: '', message: 'the body must be a JSON object' }]],
  ])('refuses %s with 422 listing every problem', async (_label, body, problems) => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call('fields.add', { params: { id: appId }, body: invalid(body) }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(validationBody(...problems))
    expect(await stored(t, appId)).toEqual([])
    expect(changes).toEqual([])
  })

  test('malformed JSON is a 400 bad_json', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call(
      'fields.add',
      { params: { id: appId } },
      { token: owner.token, raw: '{name:', headers: { 'content-type': 'application/json' } },
    )
    expect(res.status).toBe(400)
    expect(res.body.error!.type).toBe('bad_json')
  })

  test('a name already used in the app is a 409 conflict; other apps may reuse it', async () => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'email' })
    const res = await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: ' email', type: 'email' } },
      { token: owner.token },
    )
    expect(res.status).toBe(409)
    expect<unknown>(res.body).toEqual({
      code: 409,
      error: { type: 'conflict', message: 'This app already has a field named "email"; choose another name' },
    })
    const second = await t.call('apps.create', { body: { name: 'Other' } }, { token: owner.token })
    expect(
      (
        await t.call(
          'fields.add',
          { params: { id: second.body.data.id }, body: { name: 'email' } },
          { token: owner.token },
        )
      ).status,
    ).toBe(200)
  })

  test('a field may not be named like the endpoint’s honeypot key', async () => {
    const { t, owner, appId } = await setup()
    const problem = {
      path: 'name',
      message: "is this app's honeypot key (share settings); choose another name or change the honeypot",
    }
    const res = await t.call('fields.add', { params: { id: appId }, body: { name: '_gotcha' } }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: { type: 'validation', message: `name: ${problem.message}`, details: { problems: [problem] } },
    })
    await add(t, owner.token, appId, { name: 'trap' })
    const renamed = await t.call(
      'fields.update',
      { params: { id: appId, field: 'trap' }, body: { name: '_gotcha' } },
      { token: owner.token },
    )
    expect(renamed.status).toBe(422)
    expect(renamed.body).toEqual(res.body)
    expect(await stored(t, appId)).toEqual([['trap', 0]])
    // Once the honeypot is renamed, the name is free.
    await t.call('share.update', { params: { id: appId }, body: { honeypot: '_hp' } }, { token: owner.token })
    expect(
      (await t.call('fields.add', { params: { id: appId }, body: { name: '_gotcha' } }, { token: owner.token })).status,
    ).toBe(200)
  })

  test('names differing only in case are different fields', async () => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'Email' })
    await add(t, owner.token, appId, { name: 'email' })
    expect(await stored(t, appId)).toEqual([
      ['Email', 0],
      ['email', 1],
    ])
  })

  test('the 51st field is refused with 422 field_limit', async () => {
    const { t, owner, appId } = await setup()
    for (let i = 0; i < 50; i++) await add(t, owner.token, appId, { name: `f${i}` })
    const res = await t.call('fields.add', { params: { id: appId }, body: { name: 'f50' } }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: {
        type: 'field_limit',
        message: 'An app can have at most 50 fields and this one has them all; remove a field first',
        details: { limit: 50 },
      },
    })
    expect(await stored(t, appId)).toHaveLength(50)
    // Removing one makes room again.
    await t.call('fields.remove', { params: { id: appId, field: 'f0' } }, { token: owner.token })
    expect(
      (await t.call('fields.add', { params: { id: appId }, body: { name: 'f50' } }, { token: owner.token })).status,
    ).toBe(200)
  })
})

describe('GET /fields and /fields/:field', () => {
  test('lists fields by position with the limit', async () => {
    const { t, owner, appId } = await setup()
    const a = await add(t, owner.token, appId, { name: 'a' })
    const b = await add(t, owner.token, appId, { name: 'b', type: 'number' })
    const res = await t.call('fields.list', { params: { id: appId } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        fields: [fieldBody(a.id, { name: 'a' }), fieldBody(b.id, { name: 'b', type: 'number', position: 1 })],
        limit: 50,
        unlisted: [],
      },
    })
  })

  test('finds a field by id, by name, and by a name with reserved URL characters', async () => {
    const { t, owner, appId } = await setup()
    const field = await add(t, owner.token, appId, { name: 'a/b?c#d e%' })
    for (const ref of [field.id, 'a/b?c#d e%']) {
      const res = await t.call('fields.get', { params: { id: appId, field: ref } }, { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ code: 200, data: fieldBody(field.id, { name: 'a/b?c#d e%' }) })
    }
  })

  test('an unknown field is a 404', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call('fields.get', { params: { id: appId, field: 'nope' } }, { token: owner.token })
    expect(res.status).toBe(404)
    expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Field "nope" not found' } })
  })

  test('a field reference with broken percent-encoding is a 400', async () => {
    const { t, owner, appId } = await setup()
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await t.request(method, `/api/v3/apps/${appId}/fields/%E0%A4%A`, {
        token: owner.token,
        body: method === 'PATCH' ? { label: 'x' } : undefined,
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        code: 400,
        error: {
          type: 'bad_request',
          message:
            'The field in the URL is not valid percent-encoding; encode its name with encodeURIComponent or use its id',
        },
      })
    }
  })

  test('a field of another app of the same owner is not found through this app', async () => {
    const { t, owner, appId } = await setup()
    const other = await t.call('apps.create', { body: { name: 'Other' } }, { token: owner.token })
    const foreign = await add(t, owner.token, other.body.data.id, { name: 'x' })
    const res = await t.call('fields.get', { params: { id: appId, field: foreign.id } }, { token: owner.token })
    expect(res.status).toBe(404)
    expect<unknown>(res.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: `Field "${foreign.id}" not found` },
    })
  })
})

describe('PATCH /fields/:field', () => {
  test('changes name, label, required and type; records are not touched', async () => {
    const { t, owner, appId, changes } = await setup()
    const field = await add(t, owner.token, appId, { name: 'age' })
    t.clock.advance(5000)
    const res = await t.call(
      'fields.update',
      {
        params: { id: appId, field: 'age' },
        body: { name: 'years', label: 'Age in years', required: true, type: 'number' },
      },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: fieldBody(field.id, {
        name: 'years',
        label: 'Age in years',
        required: true,
        type: 'number',
        updatedAt: '2026-01-01T00:00:05.000Z',
      }),
    })
    expect(changes).toEqual([
      [appId, 'fields'],
      [appId, 'fields'],
    ])
  })

  test('changing to a choice type needs options; changing away drops them', async () => {
    const { t, owner, appId } = await setup()
    const field = await add(t, owner.token, appId, { name: 'plan' })
    const refused = await t.call(
      'fields.update',
      { params: { id: appId, field: 'plan' }, body: { type: 'choice' } },
      { token: owner.token },
    )
    expect(refused.status).toBe(422)
    expect<unknown>(refused.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'options: is required for a choice field: list the choices',
        details: { problems: [{ path: 'options', message: 'is required for a choice field: list the choices' }] },
      },
    })
    const choice = await t.call(
      'fields.update',
      { params: { id: appId, field: 'plan' }, body: { type: 'choice', options: ['free', 'pro'] } },
      { token: owner.token },
    )
    expect(choice.body.data).toEqual(fieldBody(field.id, { name: 'plan', type: 'choice', options: ['free', 'pro'] }))
    const more = await t.call(
      'fields.update',
      { params: { id: appId, field: 'plan' }, body: { options: ['free', 'pro', 'team'] } },
      { token: owner.token },
    )
    expect(more.body.data.options).toEqual(['free', 'pro', 'team'])
    const multi = await t.call(
      'fields.update',
      { params: { id: appId, field: 'plan' }, body: { type: 'multichoice' } },
      { token: owner.token },
    )
    expect(multi.body.data).toEqual(
      fieldBody(field.id, { name: 'plan', type: 'multichoice', options: ['free', 'pro', 'team'] }),
    )
    const text = await t.call(
      'fields.update',
      { params: { id: appId, field: 'plan' }, body: { type: 'text' } },
      { token: owner.token },
    )
    expect(text.body.data).toEqual(fieldBody(field.id, { name: 'plan', type: 'text', options: null }))
    expect((await t.ctx.storage.fields.find(appId, 'plan'))?.options).toBeNull()
  })

  test.each([
    [
      'options on a text field',
      { options: ['a'] },
      [{ path: 'options', message: 'only choice, multichoice and likert fields have options, not text fields' }],
    ],
    [
      'a position past the end',
      { position: 2 },
      [{ path: 'position', message: 'must be between 0 and 1 (the app has 2 fields)' }],
    ],
    [
      'both',
      { options: ['a'], position: 9 },
      [
        { path: 'options', message: 'only choice, multichoice and likert fields have options, not text fields' },
        { path: 'position', message: 'must be between 0 and 1 (the app has 2 fields)' },
      ],
    ],
  ])('refuses %s (checked against the stored field)', async (_label, body, problems) => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'a' })
    await add(t, owner.token, appId, { name: 'b' })
    const res = await t.call('fields.update', { params: { id: appId, field: 'a' }, body }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message:
          problems.length === 1
            ? `${problems[0].path}: ${problems[0].message}`
            : `${problems.length} problems: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        details: { problems },
      },
    })
    expect(await stored(t, appId)).toEqual([
      ['a', 0],
      ['b', 1],
    ])
  })

  test.each([
    ['a negative position', { position: -1 }, [{ path: 'position', message: 'cannot be negative' }]],
    ['a fractional position', { position: 1.5 }, [{ path: 'position', message: 'must be a whole number' }]],
    ['a position as text', { position: '1' }, [{ path: 'position', message: 'must be a whole number' }]],
    ['an empty name', { name: '' }, [{ path: 'name', message: 'a field name cannot be empty' }]],
    [
      'a null type',
      { type: null },
      [
        {
          path: 'type',
          message:
            'must be one of text, longtext, number, boolean, choice, multichoice, likert, rating, nps, date, time, datetime, email, phone, url, consent, file, json',
        },
      ],
    ],
    [
      'an unknown property',
      { id: 'x' },
      [
        {
          path: '',
          message:
            'unknown properties "id"; allowed: name, type, label, required, options, maxFiles, maxSize, accept, max, help, placeholder, rules, hidden, prefill, showIf, translations, page, position, force',
        },
      ],
    ],
  ])('refuses %s (checked by the schema)', async (_label, body, problems) => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'a' })
    const res = await t.call(
      'fields.update',
      { params: { id: appId, field: 'a' }, body: invalid(body) },
      { token: owner.token },
    )
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(validationBody(...problems))
  })

  test('renaming to a name in use is a 409; renaming to its own name is fine', async () => {
    const { t, owner, appId } = await setup()
    await add(t, owner.token, appId, { name: 'a' })
    await add(t, owner.token, appId, { name: 'b' })
    const res = await t.call(
      'fields.update',
      { params: { id: appId, field: 'b' }, body: { name: 'a' } },
      { token: owner.token },
    )
    expect(res.status).toBe(409)
    expect<unknown>(res.body).toEqual({
      code: 409,
      error: { type: 'conflict', message: 'This app already has a field named "a"; choose another name' },
    })
    expect(
      (
        await t.call(
          'fields.update',
          { params: { id: appId, field: 'b' }, body: { name: 'b' } },
          { token: owner.token },
        )
      ).status,
    ).toBe(200)
  })

  test('position moves a field and keeps positions dense', async () => {
    const { t, owner, appId } = await setup()
    for (const name of ['a', 'b', 'c', 'd']) await add(t, owner.token, appId, { name })
    const res = await t.call(
      'fields.update',
      { params: { id: appId, field: 'a' }, body: { position: 2 } },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.position).toBe(2)
    expect(await stored(t, appId)).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
      ['d', 3],
    ])
    await t.call('fields.update', { params: { id: appId, field: 'd' }, body: { position: 0 } }, { token: owner.token })
    expect(await stored(t, appId)).toEqual([
      ['d', 0],
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ])
  })

  test('an unknown field is a 404', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call(
      'fields.update',
      { params: { id: appId, field: 'nope' }, body: { label: 'x' } },
      { token: owner.token },
    )
    expect(res.status).toBe(404)
    expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Field "nope" not found' } })
  })
})

describe('DELETE /fields/:field', () => {
  test('removes the field and closes the gap', async () => {
    const { t, owner, appId, changes } = await setup()
    for (const name of ['a', 'b', 'c']) await add(t, owner.token, appId, { name })
    const b = (await t.call('fields.get', { params: { id: appId, field: 'b' } }, { token: owner.token })).body.data
    changes.length = 0
    const res = await t.call('fields.remove', { params: { id: appId, field: b.id } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { deleted: true, id: b.id } })
    expect(await stored(t, appId)).toEqual([
      ['a', 0],
      ['c', 1],
    ])
    expect(changes).toEqual([[appId, 'fields']])
  })

  test('an unknown field is a 404', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call('fields.remove', { params: { id: appId, field: 'nope' } }, { token: owner.token })
    expect(res.status).toBe(404)
    expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Field "nope" not found' } })
  })
})

describe('PUT /fields/order', () => {
  test('puts every field in the given order', async () => {
    const { t, owner, appId, changes } = await setup()
    const [a, b, c] = [
      await add(t, owner.token, appId, { name: 'a' }),
      await add(t, owner.token, appId, { name: 'b' }),
      await add(t, owner.token, appId, { name: 'c' }),
    ]
    changes.length = 0
    const res = await t.call(
      'fields.order',
      { params: { id: appId }, body: { ids: [c.id, a.id, b.id] } },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        fields: [
          fieldBody(c.id, { name: 'c', position: 0 }),
          fieldBody(a.id, { name: 'a', position: 1 }),
          fieldBody(b.id, { name: 'b', position: 2 }),
        ],
      },
    })
    expect(await stored(t, appId)).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ])
    expect(changes).toEqual([[appId, 'fields']])
  })

  test('an app without fields accepts an empty order', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call('fields.order', { params: { id: appId }, body: { ids: [] } }, { token: owner.token })
    expect(res.body).toEqual({ code: 200, data: { fields: [] } })
  })

  test('refuses an order that misses, invents or repeats ids, listing each', async () => {
    const { t, owner, appId } = await setup()
    const a = await add(t, owner.token, appId, { name: 'a' })
    const b = await add(t, owner.token, appId, { name: 'b' })
    const c = await add(t, owner.token, appId, { name: 'c' })
    const res = await t.call(
      'fields.order',
      { params: { id: appId }, body: { ids: [a.id, a.id, 'ghost'] } },
      { token: owner.token },
    )
    expect(res.status).toBe(422)
    const problems = [
      { path: 'ids', message: `misses 2 of the app's fields: "${b.id}" (b), "${c.id}" (c)` },
      { path: 'ids', message: 'names ids that are not fields of this app: "ghost"' },
      { path: 'ids', message: `lists these ids more than once: "${a.id}"` },
    ]
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: `3 problems: ${problems.map((p) => `ids: ${p.message}`).join('; ')}`,
        details: { problems },
      },
    })
    expect(await stored(t, appId)).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ])
  })

  test.each([
    ['no ids', {}, [{ path: 'ids', message: 'is required' }]],
    ['ids that are not a list', { ids: 'a,b' }, [{ path: 'ids', message: 'must be an array of field ids' }]],
    ['an id that is not text', { ids: [1] }, [{ path: 'ids.0', message: 'must be a field id' }]],
  ])('refuses %s', async (_label, body, problems) => {
    const { t, owner, appId } = await setup()
    const res = await t.call('fields.order', { params: { id: appId }, body: invalid(body) }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(validationBody(...problems))
  })
})

type FieldOperation = 'fields.list' | 'fields.add' | 'fields.order' | 'fields.get' | 'fields.update' | 'fields.remove'

describe('another account’s app is answered exactly like a missing one', () => {
  // Every row names a body (undefined for none): a shorter row would make bun pass a done
  // callback as the third argument and wait for it.
  const routes: Array<[FieldOperation, unknown]> = [
    ['fields.list', undefined],
    ['fields.add', { name: 'sneaky' }],
    ['fields.order', { ids: [] }],
    ['fields.get', undefined],
    ['fields.update', { label: 'sneaky' }],
    ['fields.remove', undefined],
  ]
  test.each(routes)('%s', async (name, body) => {
    const { t, owner, other, appId } = await setup()
    await add(t, owner.token, appId, { name: 'email' })
    // The field-less routes ignore the field parameter.
    const call = (app: string) =>
      t.call(name, invalid({ params: { id: app, field: 'email' }, body }), { token: other.token })
    const foreign = await call(appId)
    const missing = await call(MISSING)
    expect(foreign.status).toBe(404)
    expect<unknown>(foreign.body).toEqual(APP_NOT_FOUND)
    expect(missing.status).toBe(404)
    expect<unknown>(missing.body).toEqual(APP_NOT_FOUND)
    expect(await stored(t, appId)).toEqual([['email', 0]])
    expect(
      (await t.call('fields.get', { params: { id: appId, field: 'email' } }, { token: owner.token })).body.data.label,
    ).toBe('')
  })
})
