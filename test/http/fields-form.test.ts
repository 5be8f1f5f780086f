/**
 * A field's form settings through the API: help, placeholder, rules, hidden and prefill are
 * top-level keys of the field, stored together as one JSON object in its `form` column (null
 * when none is set), changed key by key and removed with null, '' or false.
 */
import { describe, expect, test } from 'bun:test'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Survey' } }, as)).body.data.id
  const stored = async (name: string) => (await t.ctx.storage.fields.find(appId, name))?.form
  return { t, as, appId, stored }
}

/** The keys of a field view a test looks at. */
const formOf = (field: Record<string, unknown>) =>
  Object.fromEntries(
    ['help', 'placeholder', 'rules', 'hidden', 'prefill'].filter((key) => key in field).map((key) => [key, field[key]]),
  )

describe('form settings of a field', () => {
  test('are stored as one object, shown as top-level keys by add, get and list, and null when none', async () => {
    const { t, as, appId, stored } = await setup()
    const added = await t.call(
      'fields.add',
      {
        params: { id: appId },
        body: {
          name: 'code',
          help: '  Six characters, on your card  ',
          placeholder: 'AB1234',
          rules: { maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}', patternMessage: 'Two letters, four digits' },
          prefill: true,
        },
      },
      as,
    )
    const form = {
      help: 'Six characters, on your card',
      placeholder: 'AB1234',
      rules: { maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}', patternMessage: 'Two letters, four digits' },
      prefill: true,
    }
    expect([added.status, formOf(added.body.data)]).toEqual([200, form])
    expect(JSON.parse((await stored('code'))!)).toEqual(form)
    const got = await t.call('fields.get', { params: { id: appId, field: 'code' } }, as)
    expect(formOf(got.body.data)).toEqual(form)
    const plain = await t.call('fields.add', { params: { id: appId }, body: { name: 'plain' } }, as)
    expect(formOf(plain.body.data)).toEqual({})
    expect(await stored('plain')).toBeNull()
    const list = await t.call('fields.list', { params: { id: appId } }, as)
    expect(list.body.data.fields.map(formOf)).toEqual([form, {}])
  })

  test('change key by key: rules merge, null, empty text and false remove, and nothing left is null', async () => {
    const { t, as, appId, stored } = await setup()
    await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'source', help: 'Where from', hidden: true, rules: { minLength: 2 } } },
      as,
    )
    const merged = await t.call(
      'fields.update',
      { params: { id: appId, field: 'source' }, body: { rules: { maxLength: 40 }, placeholder: 'newsletter' } },
      as,
    )
    expect(formOf(merged.body.data)).toEqual({
      help: 'Where from',
      placeholder: 'newsletter',
      rules: { minLength: 2, maxLength: 40 },
      hidden: true,
    })
    const removed = await t.call(
      'fields.update',
      { params: { id: appId, field: 'source' }, body: { help: '', placeholder: null, rules: { minLength: null } } },
      as,
    )
    expect(formOf(removed.body.data)).toEqual({ rules: { maxLength: 40 }, hidden: true })
    const cleared = await t.call(
      'fields.update',
      { params: { id: appId, field: 'source' }, body: { rules: null, hidden: false } },
      as,
    )
    expect([cleared.status, formOf(cleared.body.data)]).toEqual([200, {}])
    expect(await stored('source')).toBeNull()
  })

  test('a change of type drops the rules that no longer fit and keeps the rest', async () => {
    const { t, as, appId } = await setup()
    await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'age', type: 'number', help: 'In years', rules: { min: 18, max: 120 } } },
      as,
    )
    const text = await t.call('fields.update', { params: { id: appId, field: 'age' }, body: { type: 'text' } }, as)
    expect(formOf(text.body.data)).toEqual({ help: 'In years' })
  })
})
