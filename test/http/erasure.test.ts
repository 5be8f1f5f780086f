/**
 * Erasure and subject access across an owner's apps (`records.erase`, `records.find`): which
 * records hold a value (whole values and list elements, e-mail without case, spam included),
 * the dry run, the receipt, what is left afterwards (records, files, edit history, the
 * summary), which apps are searched (owned and admin apps; never another person's, a viewer's
 * only for finding) and the refusals. Runs on the suite's backend.
 */
import { describe, expect, test } from 'bun:test'
import { testApp, type TestApp } from '../support/http.ts'
import { insertRecords, makeEndpoint, storedRows } from '../support/records.ts'
import { makeUser, type TestUser } from '../support/users.ts'
import { addMember } from '../support/members.ts'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n')

/** The data of each record of the app, oldest first. */
const dataOf = async (t: TestApp, appId: string) =>
  (await storedRows(t.ctx, appId)).map((row) => JSON.parse(row.data) as Record<string, unknown>)

/**
 * Ada's answers in three apps of the owner (one with her CV, one spam, one in a list), one
 * app the owner only views, and another person's app; with records that must stay.
 */
async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const other = await makeUser(t.ctx)
  const jobs = await makeEndpoint(t.ctx, owner.user.id, {
    name: 'Jobs',
    fields: [{ name: 'email', type: 'email' }, { name: 'note' }],
  })
  const added = await t.call(
    'fields.add',
    { params: { id: jobs.appId }, body: { name: 'cv', type: 'file' } },
    { token: owner.token },
  )
  expect(added.status).toBe(200)
  const form = new FormData()
  form.append('email', 'Ada@Example.com')
  form.append('cv', new Blob([PDF]), 'cv.pdf')
  const posted = await t.request('POST', jobs.path('/form'), { raw: form })
  expect([posted.status, posted.body]).toEqual([200, expect.anything()])
  const [adaJob] = await insertRecords(t.ctx, jobs.appId, [{ data: { email: 'bob@example.com' } }])
  await insertRecords(t.ctx, jobs.appId, [{ data: { email: 'ada@example.com', note: 'again' }, spam: true }])
  const events = await makeEndpoint(t.ctx, owner.user.id, { name: 'Events', fields: [{ name: 'who' }] })
  const [listed, mention, number] = await insertRecords(t.ctx, events.appId, [
    { data: { who: ['carol@example.com', 'ADA@example.com'] } },
    { data: { who: 'ada@example.com is my friend' } },
    { data: { who: 42 } },
  ])
  const theirs = await makeEndpoint(t.ctx, other.user.id, { name: 'Theirs', fields: [{ name: 'email' }] })
  const viewed = await makeEndpoint(t.ctx, other.user.id, { name: 'Viewed', fields: [{ name: 'email' }] })
  await insertRecords(t.ctx, theirs.appId, [{ data: { email: 'ada@example.com' } }])
  const [seen] = await insertRecords(t.ctx, viewed.appId, [{ data: { email: 'ada@example.com' } }])
  await addMember(t.ctx, viewed.appId, owner.user.id, 'viewer', other.user.id)
  const ids = async (appId: string) => (await storedRows(t.ctx, appId)).map((row) => row.id)
  const [adaForm, bob, adaSpam] = await ids(jobs.appId)
  return {
    t,
    owner,
    other,
    jobs,
    events,
    theirs,
    viewed,
    ids: { adaForm, bob, adaSpam, adaJob, listed, mention, number, seen },
  }
}

const erase = (t: TestApp, user: TestUser, body: Record<string, unknown>) =>
  t.call('records.erase', { body: body as never }, { token: user.token })
const find = (t: TestApp, user: TestUser, body: Record<string, unknown>) =>
  t.call('records.find', { body: body as never }, { token: user.token })

describe('records.erase', () => {
  test('a dry run lists every record holding the value in the apps one may delete from, and erases nothing', async () => {
    const { t, owner, jobs, events, ids } = await setup()
    const before = await dataOf(t, jobs.appId)
    const res = await erase(t, owner, { value: 'ada@example.com', dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        dryRun: true,
        records: 3,
        // Newest app first, as the app list shows them; each app's records oldest first.
        apps: [
          { id: events.appId, name: 'Events', records: 1, ids: [ids.listed] },
          { id: jobs.appId, name: 'Jobs', records: 2, ids: [ids.adaForm, ids.adaSpam] },
        ],
        complete: true,
        at: new Date(t.ctx.clock.now()).toISOString(),
      },
    })
    expect(await dataOf(t, jobs.appId)).toEqual(before)
  })

  test('erases them with their files and history; the rest, the summary and other people’s apps stay as they were', async () => {
    const { t, owner, jobs, events, theirs, viewed, ids } = await setup()
    const edited = await t.call(
      'records.update',
      { params: { id: jobs.appId, recordId: ids.adaForm }, body: { data: { note: 'corrected' } } },
      { token: owner.token },
    )
    expect(edited.status).toBe(200)
    expect((await t.ctx.storage.records.history(ids.adaForm, 10)).edits).toBe(1)
    expect(await t.ctx.blobs.totalBytes()).toBe(PDF.length)

    const res = await erase(t, owner, { value: 'ADA@example.com' })
    expect(res.body).toEqual({
      code: 200,
      data: {
        dryRun: false,
        records: 3,
        apps: [
          { id: events.appId, name: 'Events', records: 1, ids: [ids.listed] },
          { id: jobs.appId, name: 'Jobs', records: 2, ids: [ids.adaForm, ids.adaSpam] },
        ],
        complete: true,
        at: new Date(t.ctx.clock.now()).toISOString(),
      },
    })
    expect(await dataOf(t, jobs.appId)).toEqual([{ email: 'bob@example.com' }])
    expect(await dataOf(t, events.appId)).toEqual([{ who: 'ada@example.com is my friend' }, { who: 42 }])
    expect(await dataOf(t, theirs.appId)).toEqual([{ email: 'ada@example.com' }])
    expect(await dataOf(t, viewed.appId)).toEqual([{ email: 'ada@example.com' }])
    expect((await t.ctx.storage.records.history(ids.adaForm, 10)).edits).toBe(0)
    await t.ctx.files.sweep()
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
    expect(await t.ctx.storage.files.usage(jobs.appId)).toEqual({ files: 0, bytes: 0 })
    const summary = await t.call('records.summary', { params: { id: jobs.appId } }, { token: owner.token })
    expect((summary.body as { total: number }).total).toBe(1)
    // Erasing again finds nothing.
    const again = await erase(t, owner, { value: 'ada@example.com', apps: [jobs.appId] })
    expect((again.body as { data: unknown }).data).toEqual({
      dryRun: false,
      records: 0,
      apps: [{ id: jobs.appId, name: 'Jobs', records: 0, ids: [] }],
      complete: true,
      at: new Date(t.ctx.clock.now()).toISOString(),
    })
  })

  test('a number is found by its decimal text', async () => {
    const { t, owner, events, ids } = await setup()
    const res = await erase(t, owner, { value: '42', apps: [events.appId], dryRun: true })
    expect((res.body as { data: { apps: unknown } }).data.apps).toEqual([
      { id: events.appId, name: 'Events', records: 1, ids: [ids.number] },
    ])
  })

  test('another person’s app is not found; an app one only views is forbidden', async () => {
    const { t, owner, theirs, viewed } = await setup()
    const hidden = await erase(t, owner, { value: 'ada@example.com', apps: [theirs.appId] })
    expect([hidden.status, hidden.body as unknown]).toEqual([
      404,
      { code: 404, error: { type: 'not_found', message: `App ${theirs.appId} not found` } },
    ])
    const forbidden = await erase(t, owner, { value: 'ada@example.com', apps: [viewed.appId] })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body as unknown).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message:
          "This needs the admin role in the app (permission records:delete); you are viewer. Ask the app's owner or an admin",
        details: { permission: 'records:delete', role: 'admin' },
      },
    })
    expect(await dataOf(t, viewed.appId)).toEqual([{ email: 'ada@example.com' }])
  })

  test.each([
    [{}, 'value', 'is required'],
    [{ value: '   ' }, 'value', 'needs the value to look for, e.g. an e-mail address'],
    [
      { value: 'a', apps: [] },
      'apps',
      'needs at least one app id; leave it out for every app you may delete records of',
    ],
    [{ value: 'a', everything: true }, '', 'unknown properties "everything"; allowed: value, apps, dryRun'],
  ])('%j is refused, saying what to fix', async (body, path, message) => {
    const { t, owner, jobs } = await setup()
    const res = await erase(t, owner, body)
    expect([res.status, res.body as unknown]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'validation',
          message: path ? `${path}: ${message}` : message,
          details: { problems: [{ path, message }] },
        },
      },
    ])
    expect(await dataOf(t, jobs.appId)).toHaveLength(3)
  })
})

describe('records.find', () => {
  test('exports the person’s records from every app one may read, a viewer’s too, never another person’s', async () => {
    const { t, owner, jobs, events, viewed, ids } = await setup()
    const res = await find(t, owner, { value: 'ada@example.com' })
    expect(res.status).toBe(200)
    const rows = [...(await storedRows(t.ctx, viewed.appId)), ...(await storedRows(t.ctx, jobs.appId))]
    const at = (id: string) => new Date(rows.find((row) => row.id === id)!.createdAt).toISOString()
    const cv = ((await dataOf(t, jobs.appId))[0] as { cv: unknown }).cv
    const eventRow = (await storedRows(t.ctx, events.appId))[0]
    expect(res.body).toEqual({
      code: 200,
      data: {
        records: [
          {
            app: { id: viewed.appId, name: 'Viewed' },
            id: ids.seen,
            createdAt: at(ids.seen),
            spam: false,
            data: { email: 'ada@example.com' },
            meta: {},
          },
          {
            app: { id: events.appId, name: 'Events' },
            id: ids.listed,
            createdAt: new Date(eventRow.createdAt).toISOString(),
            spam: false,
            data: { who: ['carol@example.com', 'ADA@example.com'] },
            meta: {},
          },
          {
            app: { id: jobs.appId, name: 'Jobs' },
            id: ids.adaForm,
            createdAt: at(ids.adaForm),
            spam: false,
            data: { email: 'Ada@Example.com', cv },
            meta: expect.any(Object),
          },
          {
            app: { id: jobs.appId, name: 'Jobs' },
            id: ids.adaSpam,
            createdAt: at(ids.adaSpam),
            spam: true,
            data: { email: 'ada@example.com', note: 'again' },
            meta: {},
          },
        ],
        complete: true,
      },
    })
  })

  test('a token limited to one app searches that app only', async () => {
    const { t, owner, jobs, ids } = await setup()
    const { token } = await createAccessToken(t.ctx, owner.user.id, 'jobs only', {
      scopes: ['records:read'],
      apps: [jobs.appId],
    })
    const res = await t.call('records.find', { body: { value: 'ada@example.com' } }, { token })
    const found = (res.body as { data: { records: Array<{ id: string }> } }).data.records
    expect(found.map((record) => record.id)).toEqual([ids.adaForm, ids.adaSpam])
  })
})
