/**
 * Conditional questions when saved: a field's `showIf` is stored in its form settings and
 * shown as a top-level key; conditions naming an unknown, later or the same field, an
 * operator that does not fit the named field's type or a value it cannot hold are refused
 * (422 naming them), and so is any move, reorder, rename or change of type or options that
 * would break a stored condition; a field that conditions name cannot be removed (409).
 */
import { describe, expect, test } from 'bun:test'
import type { ShowIf } from '../../server/contract/fields/show-if.ts'
import { testApp, validationBody } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

/** A response as status and body, the body untyped (so an error body can be compared). */
const answer = (res: { status: number; body: unknown }): unknown[] => [res.status, res.body]

const LIKES_NO: ShowIf = { all: [{ field: 'likes', op: 'eq', value: false }] }

/** An app with likes (yes/no), color (a choice), tags (several), age (a number), then why, asked when likes is No. */
async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Survey' } }, as)).body.data.id
  const add = (body: Record<string, unknown>) =>
    t.call('fields.add', { params: { id: appId }, body: body as never }, as)
  const update = (field: string, body: Record<string, unknown>) =>
    t.call('fields.update', { params: { id: appId, field }, body: body as never }, as)
  for (const body of [
    { name: 'likes', type: 'boolean' },
    { name: 'color', type: 'choice', options: ['Red', 'Green'] },
    { name: 'tags', type: 'multichoice', options: ['a', 'b'] },
    { name: 'age', type: 'number' },
  ])
    expect((await add(body)).status).toBe(200)
  const why = await add({ name: 'why', showIf: LIKES_NO })
  expect(why.status).toBe(200)
  const stored = async (name: string) => (await t.ctx.storage.fields.find(appId, name))?.form
  const names = async () =>
    (await t.call('fields.list', { params: { id: appId } }, as)).body.data.fields.map((f: { name: string }) => f.name)
  return { t, as, appId, add, update, stored, names, whyId: why.body.data.id as string }
}

describe('showIf on a field', () => {
  test('is stored in the form settings and shown by add, get and list; null removes it', async () => {
    const { t, as, appId, update, stored } = await setup()
    expect(JSON.parse((await stored('why'))!)).toEqual({ showIf: LIKES_NO })
    const got = await t.call('fields.get', { params: { id: appId, field: 'why' } }, as)
    expect(got.body.data.showIf).toEqual(LIKES_NO)
    const list = await t.call('fields.list', { params: { id: appId } }, as)
    expect(list.body.data.fields.map((f: { showIf?: ShowIf }) => f.showIf ?? null)).toEqual([
      null,
      null,
      null,
      null,
      LIKES_NO,
    ])
    const any: ShowIf = {
      any: [
        { field: 'color', op: 'in', value: ['Red'] },
        { field: 'tags', op: 'contains', value: 'b' },
        { field: 'age', op: 'gt', value: 17 },
        { field: 'likes', op: 'answered' },
      ],
    }
    const changed = await update('why', { showIf: any })
    expect([changed.status, changed.body.data.showIf]).toEqual([200, any])
    const removed = await update('why', { showIf: null })
    expect([removed.status, 'showIf' in removed.body.data]).toEqual([200, false])
    expect(await stored('why')).toBeNull()
  })

  // [what, condition, problems]
  const refusals: Array<[string, unknown, Array<{ path: string; message: string }>]> = [
    [
      'an unknown field',
      { field: 'nope', op: 'answered' },
      [{ path: 'showIf.all.0.field', message: 'names "nope", which is not a field of this app' }],
    ],
    [
      'the field itself',
      { field: 'extra', op: 'answered' },
      [{ path: 'showIf.all.0.field', message: 'names this field itself; a condition looks at an earlier question' }],
    ],
    [
      'an operator the type does not have',
      { field: 'likes', op: 'gt', value: 1 },
      [
        {
          path: 'showIf.all.0.op',
          message: 'cannot be gt on "likes", a boolean field; use one of eq, ne, in, answered, unanswered',
        },
      ],
    ],
    [
      'a value that is not an option',
      { field: 'color', op: 'eq', value: 'Blue' },
      [
        {
          path: 'showIf.all.0.value',
          message: 'must be one of "Red", "Green", got "Blue" (the value of "color", a choice field)',
        },
      ],
    ],
    [
      'a listed value that is not an option',
      { field: 'color', op: 'in', value: ['Red', 'Pink'] },
      [
        {
          path: 'showIf.all.0.value.1',
          message: 'must be one of "Red", "Green", got "Pink" (the value of "color", a choice field)',
        },
      ],
    ],
    [
      'a pick that is not an option',
      { field: 'tags', op: 'contains', value: 'c' },
      [
        {
          path: 'showIf.all.0.value',
          message: '"c" is not an option; options are "a", "b" (the value of "tags", a multichoice field)',
        },
      ],
    ],
    [
      'text for a number',
      { field: 'age', op: 'eq', value: '18' },
      [
        {
          path: 'showIf.all.0.value',
          message: 'must be a number, got string "18" (the value of "age", a number field)',
        },
      ],
    ],
    [
      'a value with answered',
      { field: 'age', op: 'answered', value: 1 },
      [{ path: 'showIf.all.0.value', message: 'takes no value with op answered' }],
    ],
    ['no value with eq', { field: 'age', op: 'eq' }, [{ path: 'showIf.all.0.value', message: 'is needed with op eq' }]],
  ]
  test.each(refusals)('refuses %s (422 naming it)', async (_what, condition, problems) => {
    const { add, names } = await setup()
    const res = await add({ name: 'extra', showIf: { all: [condition] } })
    expect(answer(res)).toEqual([422, validationBody(...problems)])
    expect(await names()).toEqual(['likes', 'color', 'tags', 'age', 'why'])
  })

  test('refuses a condition on a later field, and lists every problem of the conditions', async () => {
    const { update } = await setup()
    const res = await update('likes', {
      showIf: {
        any: [
          { field: 'age', op: 'gt', value: 17 },
          { field: 'likes', op: 'answered' },
        ],
      },
    })
    const problems = [
      {
        path: 'showIf.any.0.field',
        message: 'names "age", which comes after this field; a condition can only look at earlier questions',
      },
      { path: 'showIf.any.1.field', message: 'names this field itself; a condition looks at an earlier question' },
    ]
    expect(answer(res)).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'validation',
          message: `2 problems: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
          details: { problems },
        },
      },
    ])
  })
})

describe('changes that would break a condition', () => {
  const whyBroken = (cause: string, detail: string) => ({
    path: cause,
    message: `would break the condition of "why" (showIf.all.0.${detail}); change that condition first`,
  })

  test('moving a named field after the question, or the question before it, is refused', async () => {
    const { update, names } = await setup()
    const later = await update('likes', { position: 4 })
    expect(answer(later)).toEqual([
      422,
      validationBody(
        whyBroken(
          'position',
          'field: names "likes", which comes after this field; a condition can only look at earlier questions',
        ),
      ),
    ])
    const first = await update('why', { position: 0 })
    expect(answer(first)).toEqual([
      422,
      validationBody({
        path: 'position',
        message:
          'would break this field\'s condition (showIf.all.0.field: names "likes", which comes after this field; a condition can only look at earlier questions); change that condition first',
      }),
    ])
    expect(await names()).toEqual(['likes', 'color', 'tags', 'age', 'why'])
    // Moves that keep every condition looking back are fine.
    expect((await update('why', { position: 1 })).status).toBe(200)
    expect((await update('age', { position: 0 })).status).toBe(200)
    expect(await names()).toEqual(['age', 'likes', 'why', 'color', 'tags'])
  })

  test('a reorder putting a question before the field it names is refused', async () => {
    const { t, as, appId, names } = await setup()
    const ids = async () =>
      (await t.call('fields.list', { params: { id: appId } }, as)).body.data.fields.map((f: { id: string }) => f.id)
    const [likes, color, tags, age, why] = await ids()
    const res = await t.call(
      'fields.order',
      { params: { id: appId }, body: { ids: [why, likes, color, tags, age] } },
      as,
    )
    expect(answer(res)).toEqual([
      422,
      validationBody(
        whyBroken(
          'ids',
          'field: names "likes", which comes after this field; a condition can only look at earlier questions',
        ),
      ),
    ])
    const ok = await t.call(
      'fields.order',
      { params: { id: appId }, body: { ids: [age, likes, why, color, tags] } },
      as,
    )
    expect(ok.status).toBe(200)
    expect(await names()).toEqual(['age', 'likes', 'why', 'color', 'tags'])
  })

  test('renaming the named field, or giving it a type its value does not fit, is refused', async () => {
    const { update, add, names } = await setup()
    const renamed = await update('likes', { name: 'liked' })
    expect(answer(renamed)).toEqual([
      422,
      validationBody(whyBroken('name', 'field: names "likes", which is not a field of this app')),
    ])
    const typed = await update('likes', { type: 'text' })
    expect(answer(typed)).toEqual([
      422,
      validationBody(whyBroken('type', 'value: must be text, got boolean false (the value of "likes", a text field)')),
    ])
    expect((await add({ name: 'shade', showIf: { all: [{ field: 'color', op: 'eq', value: 'Red' }] } })).status).toBe(
      200,
    )
    const options = await update('color', { options: ['Green', 'Blue'] })
    expect(answer(options)).toEqual([
      422,
      validationBody({
        path: 'options',
        message:
          'would break the condition of "shade" (showIf.all.0.value: must be one of "Green", "Blue", got "Red" (the value of "color", a choice field)); change that condition first',
      }),
    ])
    expect(await names()).toEqual(['likes', 'color', 'tags', 'age', 'why', 'shade'])
  })

  test('a field that conditions name is not removed (409) until they go', async () => {
    const { t, as, appId, update, add, names } = await setup()
    await add({ name: 'how', showIf: { any: [{ field: 'likes', op: 'answered' }] } })
    const res = await t.call('fields.remove', { params: { id: appId, field: 'likes' } }, as)
    expect(answer(res)).toEqual([
      409,
      {
        code: 409,
        error: {
          type: 'conflict',
          message:
            '"why", "how" ask their questions only on a condition naming "likes"; change or remove those conditions first',
          details: { fields: ['why', 'how'] },
        },
      },
    ])
    expect(await names()).toEqual(['likes', 'color', 'tags', 'age', 'why', 'how'])
    await update('why', { showIf: null })
    await update('how', { showIf: null })
    expect((await t.call('fields.remove', { params: { id: appId, field: 'likes' } }, as)).status).toBe(200)
    // A question with a condition can itself be removed at any time.
    expect((await add({ name: 'when', showIf: { all: [{ field: 'age', op: 'lt', value: 18 }] } })).status).toBe(200)
    expect((await t.call('fields.remove', { params: { id: appId, field: 'when' } }, as)).status).toBe(200)
    expect(await names()).toEqual(['color', 'tags', 'age', 'why', 'how'])
  })
})

describe('pages', () => {
  test('run in order: a page lower than the one before, or a move that makes one, is refused', async () => {
    const { add, update, names, t, as, appId } = await setup()
    expect((await add({ name: 'email', type: 'email', page: 2 })).status).toBe(200)
    const back = await add({ name: 'phone', page: 1 })
    expect(answer(back)).toEqual([
      422,
      validationBody({
        path: 'page',
        message:
          'cannot be 1: "email" before it is on page 2, and pages run in order; use page 2 or more, or move the field',
      }),
    ])
    expect((await add({ name: 'phone', type: 'phone', page: 3 })).status).toBe(200)
    const got = await t.call('fields.get', { params: { id: appId, field: 'email' } }, as)
    expect(got.body.data.page).toBe(2)
    const moved = await update('phone', { position: 5 })
    expect(answer(moved)).toEqual([
      422,
      validationBody({
        path: 'position',
        message:
          'would put "email" out of page order (page: cannot be 2: "phone" before it is on page 3, and pages run in order; use page 3 or more, or move the field)',
      }),
    ])
    // A field without a page of its own is on the page before it, and may move anywhere.
    expect((await update('age', { position: 6 })).status).toBe(200)
    expect(await names()).toEqual(['likes', 'color', 'tags', 'why', 'email', 'phone', 'age'])
  })
})
