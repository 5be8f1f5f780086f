/**
 * Fields of the newer types through the API: a rating's `max` (a top-level key, stored with
 * its default filled in, refused on other types and out of bounds), a consent that is always
 * required, and a consent answer stored with the text agreed to, on every write path.
 */
import { describe, expect, test } from 'bun:test'
import type { ErrorEnvelope } from '../support/call.ts'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Survey' } }, as)).body.data.id
  return { t, as, appId }
}

const problems = (res: { body: unknown }) => (res.body as ErrorEnvelope).error.details?.problems

describe('a rating field', () => {
  test('has max 5 unless it says otherwise; max is its own key, kept across changes and dropped with the type', async () => {
    const { t, as, appId } = await setup()
    const plain = await t.call('fields.add', { params: { id: appId }, body: { name: 'stars', type: 'rating' } }, as)
    expect([plain.status, plain.body.data.max, plain.body.data.required]).toEqual([200, 5, false])
    const ten = await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'ten', type: 'rating', max: 10 } },
      as,
    )
    expect(ten.body.data.max).toBe(10)
    const relabelled = await t.call(
      'fields.update',
      { params: { id: appId, field: 'ten' }, body: { label: 'Ten' } },
      as,
    )
    expect(relabelled.body.data.max).toBe(10)
    const three = await t.call('fields.update', { params: { id: appId, field: 'ten' }, body: { max: 3 } }, as)
    expect(three.body.data.max).toBe(3)
    const text = await t.call('fields.update', { params: { id: appId, field: 'ten' }, body: { type: 'text' } }, as)
    expect([text.status, 'max' in text.body.data]).toEqual([200, false])
    const back = await t.call('fields.update', { params: { id: appId, field: 'ten' }, body: { type: 'rating' } }, as)
    expect(back.body.data.max).toBe(5)
  })

  test.each([
    [
      'max on a text field',
      { name: 'x', max: 5 },
      [{ path: 'max', message: 'only rating fields have max, not text fields' }],
    ],
    ['max of 1', { name: 'x', type: 'rating', max: 1 }, [{ path: 'max', message: 'must be at least 2' }]],
    ['max of 11', { name: 'x', type: 'rating', max: 11 }, [{ path: 'max', message: 'can be at most 10' }]],
    ['max of 4.5', { name: 'x', type: 'rating', max: 4.5 }, [{ path: 'max', message: 'must be a whole number' }]],
  ])('refuses %s with 422', async (_, body, expected) => {
    const { t, as, appId } = await setup()
    const res = await t.call('fields.add', { params: { id: appId }, body: invalid(body) }, as)
    expect([res.status, problems(res)]).toEqual([422, expected])
  })

  test('a change of max on a field that is no rating is refused, against the stored type', async () => {
    const { t, as, appId } = await setup()
    await t.call('fields.add', { params: { id: appId }, body: { name: 'n', type: 'nps' } }, as)
    const res = await t.call('fields.update', { params: { id: appId, field: 'n' }, body: { max: 7 } }, as)
    expect([res.status, problems(res)]).toEqual([
      422,
      [{ path: 'max', message: 'only rating fields have max, not nps fields' }],
    ])
  })
})

describe('a consent field', () => {
  test('is always required: made so, kept so, and required false is refused', async () => {
    const { t, as, appId } = await setup()
    const made = await t.call('fields.add', { params: { id: appId }, body: { name: 'terms', type: 'consent' } }, as)
    expect(made.body.data.required).toBe(true)
    const refused = await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'other', type: 'consent', required: false } },
      as,
    )
    expect([refused.status, problems(refused)]).toEqual([
      422,
      [{ path: 'required', message: 'cannot be false: a consent field is always required (ticking it is the answer)' }],
    ])
    const unrequired = await t.call(
      'fields.update',
      { params: { id: appId, field: 'terms' }, body: { required: false } },
      as,
    )
    expect(unrequired.status).toBe(422)
    await t.call('fields.add', { params: { id: appId }, body: { name: 'ok', type: 'boolean' } }, as)
    const changed = await t.call('fields.update', { params: { id: appId, field: 'ok' }, body: { type: 'consent' } }, as)
    expect(changed.body.data.required).toBe(true)
  })

  test('is not a type a proposal is accepted as', async () => {
    const { t, as, appId } = await setup()
    const res = await t.call('fields.accept', { params: { id: appId }, body: { names: ['x'], type: 'consent' } }, as)
    expect([res.status, problems(res)]).toEqual([
      422,
      [
        {
          path: 'type',
          message:
            'cannot be consent when accepting (it is always required, and a label is the text agreed to): accept the field, then set its type and label with a field update',
        },
      ],
    ])
  })

  test('an answer is stored with the label agreed to; a later label leaves it, and an edit keeps a stored answer as sent', async () => {
    const { t, as, appId } = await setup()
    await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'terms', type: 'consent', label: 'I agree to the terms' } },
      as,
    )
    await t.call('fields.add', { params: { id: appId }, body: { name: 'name' } }, as)
    const { token } = (await t.call('share.publish', { params: { id: appId } }, as)).body.data
    const json = await t.call('ingest.post', { params: { token: token! }, body: { name: 'Ada', terms: true } })
    const form = await t.call(
      'ingest.form',
      { params: { token: token! } },
      { raw: 'name=Bob&terms=true', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect([json.status, form.status]).toEqual([200, 200])
    const refused = await t.call('ingest.post', { params: { token: token! }, body: { name: 'Cy', terms: false } })
    const missing = await t.call('ingest.post', { params: { token: token! }, body: { name: 'Cy' } })
    expect([problems(refused), problems(missing)]).toEqual([
      [
        {
          path: 'terms',
          message:
            'must be true (agreeing to the field\'s label) or a stored {"agreed": true, "text": "…"}, got boolean false',
        },
      ],
      [{ path: 'terms', message: 'is required' }],
    ])
    await t.call(
      'fields.update',
      { params: { id: appId, field: 'terms' }, body: { label: 'I agree to the new terms' } },
      as,
    )
    const later = await t.call('ingest.post', { params: { token: token! }, body: { name: 'Dee', terms: 'on' } })
    expect(later.status).toBe(422)
    const again = await t.call('ingest.post', { params: { token: token! }, body: { name: 'Dee', terms: true } })
    expect(again.status).toBe(200)
    const data = async () =>
      (await t.call('records.list', { params: { id: appId } }, as)).body.records.map((record) => record.data)
    const old = { agreed: true, text: 'I agree to the terms' }
    const current = { agreed: true, text: 'I agree to the new terms' }
    expect(await data()).toEqual([
      { name: 'Ada', terms: old },
      { name: 'Bob', terms: old },
      { name: 'Dee', terms: current },
    ])
    // The owner corrects another field, then sends the stored answer back as it is: its text stays.
    const edit = (body: Record<string, unknown>) =>
      t.call('records.update', { params: { id: appId, recordId: json.body.data.id }, body: { data: body } }, as)
    expect((await edit({ name: 'Ada L.', terms: old })).body.data.data).toEqual({ name: 'Ada L.', terms: old })
    // Ticked again in the record editor (true): the text agreed to is the label now.
    expect((await edit({ terms: true })).body.data.data).toEqual({ name: 'Ada L.', terms: current })
  })
})
