/**
 * File fields in the summary: per field the answers holding files, the files and their
 * bytes, kept at ingest, through deletes, a recount and a reload; the public summary shows
 * the counts and never the bytes or a name.
 */
import { describe, expect, test } from 'bun:test'
import { rebuildStats, forgetStats } from '../../server/core/stats/state.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    reads: 'summary',
    fields: [{ name: 'cv', type: 'file' }, { name: 'name' }],
  })
  const added = await t.call(
    'fields.add',
    { params: { id: endpoint.appId }, body: { name: 'photos', type: 'file', maxFiles: 3 } },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  return { ...t, endpoint }
}

type Setup = Awaited<ReturnType<typeof setup>>

/** Posts one multipart record: `name` as text, each file under its field. */
async function post(t: Setup, name: string, files: Array<[field: string, bytes: string, file: string]>) {
  const body = new FormData()
  body.append('name', name)
  for (const [field, bytes, file] of files) body.append(field, new File([bytes], file, { type: 'text/plain' }))
  const res = await t.call('ingest.form', { params: { token: t.endpoint.token } }, { raw: body })
  expect(res.status).toBe(200)
  return (res.body as unknown as { data: { id: string } }).data.id
}

const ownerFields = async (t: Setup) => {
  const res = await t.call('records.summary', { params: { id: t.endpoint.appId } }, { token: t.endpoint.ownerToken })
  expect(res.status).toBe(200)
  const { cv, photos } = (res.body as { fields: Record<string, unknown> }).fields
  return { cv, photos }
}

describe('summary of file fields', () => {
  test('no records: the files section is there, empty', async () => {
    const t = await setup()
    expect(await ownerFields(t)).toEqual({
      cv: { type: 'file', count: 0, missing: 0, files: { answers: 0, files: 0, bytes: 0 } },
      photos: { type: 'file', count: 0, missing: 0, files: { answers: 0, files: 0, bytes: 0 } },
    })
  })

  test('answers, files and bytes; deletes, a recount and a reload agree', async () => {
    const t = await setup()
    const first = await post(t, 'Ada', [
      ['cv', 'curriculum', 'cv.txt'],
      ['photos', 'one', 'a.txt'],
      ['photos', 'three', 'b.txt'],
    ])
    await post(t, 'Bob', [['cv', 'hello', 'bob.txt']])
    await post(t, 'Cy', [])
    const all = {
      cv: { type: 'file', count: 2, missing: 1, files: { answers: 2, files: 2, bytes: 15 } },
      photos: { type: 'file', count: 1, missing: 2, files: { answers: 1, files: 2, bytes: 8 } },
    }
    expect(await ownerFields(t)).toEqual(all)

    // Replayed from the records (a restart) and recounted (a rescore): the same figures.
    forgetStats(t.ctx, t.endpoint.appId)
    expect(await ownerFields(t)).toEqual(all)
    await rebuildStats(t.ctx, t.endpoint.appId)
    expect(await ownerFields(t)).toEqual(all)

    const public_ = await t.call('reads.summary', { params: { token: t.endpoint.token } })
    expect(public_.status).toBe(200)
    const fields = (public_.body as { fields: Record<string, unknown> }).fields
    expect([fields.cv, fields.photos]).toEqual([
      { type: 'file', count: 2, missing: 1, files: { answers: 2, files: 2, bytes: null } },
      { type: 'file', count: 1, missing: 2, files: { answers: 1, files: 2, bytes: null } },
    ])
    expect(public_.text).not.toContain('cv.txt')

    const deleted = await t.call(
      'records.delete',
      { params: { id: t.endpoint.appId, recordId: first } },
      { token: t.endpoint.ownerToken },
    )
    expect(deleted.status).toBe(200)
    const after = {
      cv: { type: 'file', count: 1, missing: 1, files: { answers: 1, files: 1, bytes: 5 } },
      photos: { type: 'file', count: 0, missing: 2, files: { answers: 0, files: 0, bytes: 0 } },
    }
    expect(await ownerFields(t)).toEqual(after)
    await rebuildStats(t.ctx, t.endpoint.appId)
    expect(await ownerFields(t)).toEqual(after)
  })
})
