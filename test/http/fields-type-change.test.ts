/**
 * PATCH /api/v3/apps/:id/fields/:field with a new type on a published app whose records
 * hold values in the field: 409 `conflict` naming how many, unless `force: true`. The
 * count comes from the maintained aggregates, so it follows records added and deleted.
 */
import { describe, expect, test } from 'bun:test'
import { testApp, validationBody } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

/** A published app (through the API) with the records in `data` posted to its endpoint. */
async function publishedApp(data: Array<Record<string, unknown>>, options: { publish?: boolean } = {}) {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const appId: string = (await t.call('apps.create', { body: { name: 'Survey' } }, { token: owner.token })).body.data.id
  const { token } = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body.data
  for (const body of data) expect((await t.call('ingest.post', { params: { token: token! }, body })).status).toBe(200)
  if (options.publish === false)
    expect((await t.call('share.unpublish', { params: { id: appId } }, { token: owner.token })).status).toBe(200)
  const patch = (field: string, body: Record<string, unknown>) =>
    t.call('fields.update', { params: { id: appId, field }, body }, { token: owner.token })
  /** The stored field named `name`. */
  const storedField = (name: string) => t.ctx.storage.fields.find(appId, name)
  /** Every stored record, oldest first, spam included, as the owner reads them. */
  const storedRecords = async (): Promise<Array<{ data: unknown; spam?: true }>> =>
    (
      await t.call(
        'records.list',
        {
          params: { id: appId },
          query: { spam: 'include', size: 1000 },
        },
        { token: owner.token },
      )
    ).body.records
  return { t, owner, appId, endpointToken: token as string, patch, storedField, storedRecords }
}

const conflict = (records: number, from = 'text', to = 'number', field = 'age') => ({
  code: 409,
  error: {
    type: 'conflict',
    message:
      `Field "${field}" is on a published app and ${records === 1 ? '1 record holds a value' : `${records} records hold values`} sent as ${from}; ` +
      `changing its type to ${to} does not convert them (stored records keep what they were sent, so old and new values would mix). ` +
      `To change it anyway, send "force": true (svc-cli field update … --type ${to} --force)`,
    details: { field, from, to, records, force: 'send "force": true to change the type anyway' },
  },
})

describe('changing a field type on a published app with records', () => {
  test('409 conflict with the count of records holding values; nothing changes', async () => {
    const { patch, storedField } = await publishedApp([
      { age: '31' },
      { age: 'forty' },
      { age: '' },
      { name: 'no age' },
      { age: '12', name: 'x' },
    ])
    const res = await patch('age', { type: 'number', label: 'Age' })
    expect(res.status).toBe(409)
    // "" and a missing key are no value: 3 of the 5 records hold one.
    expect<unknown>(res.body).toEqual(conflict(3))
    expect((await storedField('age'))?.type).toBe('text')
    expect((await storedField('age'))?.label).toBe('')
  })

  test('force: true changes the type; the stored records keep what they were sent', async () => {
    const { patch, storedField, storedRecords } = await publishedApp([{ age: '31' }, { age: 'forty' }])
    const res = await patch('age', { type: 'number', force: true })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'age', type: 'number', autoCreated: false })
    expect((await storedField('age'))?.type).toBe('number')
    expect((await storedRecords()).map((record) => record.data)).toEqual([{ age: '31' }, { age: 'forty' }])
  })

  test('the count follows deletes (aggregates, not a scan) and one record reads "1 record holds a value"', async () => {
    const { t, owner, appId, patch } = await publishedApp([{ age: '31' }, { age: '32' }])
    const [first] = (await t.call('records.list', { params: { id: appId } }, { token: owner.token })).body.records
    expect(
      (await t.call('records.delete', { params: { id: appId, recordId: first.id } }, { token: owner.token })).status,
    ).toBe(200)
    expect<unknown>((await patch('age', { type: 'email' })).body).toEqual(conflict(1, 'text', 'email'))
  })

  test('spam records hold stored values too and are counted', async () => {
    const { t, endpointToken, patch, storedRecords } = await publishedApp([{ age: '31' }])
    const spam = await t.call(
      'ingest.form',
      { params: { token: endpointToken } },
      { raw: 'age=40&_gotcha=bot', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect(spam.status).toBe(200)
    expect((await storedRecords()).map((record) => record.spam ?? false)).toEqual([false, true])
    expect<unknown>((await patch('age', { type: 'boolean' })).body).toEqual(conflict(2, 'text', 'boolean'))
  })

  test('values under the old name count when the change also renames the field', async () => {
    const { patch } = await publishedApp([{ age: 31 }, { age: 32 }])
    expect<unknown>((await patch('age', { name: 'years', type: 'text' })).body).toEqual(conflict(2, 'number', 'text'))
  })

  test('problems with the input come first (422), then the conflict', async () => {
    const { patch } = await publishedApp([{ plan: 'free' }])
    expect<unknown>((await patch('plan', { type: 'choice' })).body).toEqual(
      validationBody({ path: 'options', message: 'is required for a choice field: list the choices' }),
    )
    expect<unknown>((await patch('plan', { type: 'choice', force: 'yes' })).body).toEqual(
      validationBody({ path: 'force', message: 'must be true or false' }),
    )
    expect<unknown>((await patch('plan', { type: 'choice', options: ['free', 'pro'] })).body).toEqual(
      conflict(1, 'text', 'choice', 'plan'),
    )
  })

  test.each([
    ['an unpublished app with records', [{ age: '31' }], { publish: false }],
    ['a published app without records', [], {}],
    ['a published app whose records hold no value in the field', [{ name: 'Ada' }, { age: null }], {}],
  ])('no refusal for %s', async (_case, data, options) => {
    const { t, appId, owner, patch } = await publishedApp(data, options)
    if (data.length === 0)
      await t.call('fields.add', { params: { id: appId }, body: { name: 'age' } }, { token: owner.token })
    const res = await patch('age', { type: 'number' })
    expect(res.status).toBe(200)
    expect(res.body.data.type).toBe('number')
  })

  test('changes that keep the type need no force', async () => {
    const { patch, storedField } = await publishedApp([{ age: '31' }])
    const res = await patch('age', { type: 'text', label: 'Age', required: true })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ type: 'text', label: 'Age', required: true })
    expect((await storedField('age'))?.type).toBe('text')
  })
})
