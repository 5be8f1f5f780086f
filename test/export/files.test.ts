/**
 * File fields in the exports: a CSV cell lists each file as
 * `name (size bytes, type) sha256:<hex> <download path>`, one a line, a stranger's name
 * neutralised as any text (kept as given with ?raw=1); JSON Lines holds the file objects as
 * stored.
 */
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'bun:test'
import type { FileObject } from '../../server/contract/files/model.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { target } from '../support/call.ts'
import { testApp } from '../support/http.ts'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, { fields: [{ name: 'name' }, { name: 'cv', type: 'file' }] })
  const added = await t.call(
    'fields.add',
    { params: { id: endpoint.appId }, body: { name: 'photos', type: 'file', maxFiles: 3 } },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  const body = new FormData()
  body.append('name', 'Ada')
  body.append('cv', new File(['=1+1 curriculum'], '=cmd().txt', { type: 'text/plain' }))
  body.append('photos', new File(['one'], 'a, b.txt'))
  body.append('photos', new File(['three'], 'c.txt'))
  const posted = await t.call('ingest.form', { params: { token: endpoint.token } }, { raw: body })
  expect(posted.status).toBe(200)
  t.clock.advance(1000)
  const bare = new FormData()
  bare.append('name', 'Bob')
  expect((await t.call('ingest.form', { params: { token: endpoint.token } }, { raw: bare })).status).toBe(200)
  const listed = await t.call('records.list', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
  const records = (listed.body as { records: Array<{ id: string; createdAt: string; data: Record<string, unknown> }> })
    .records
  records.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
  return { ...t, endpoint, records }
}

type Setup = Awaited<ReturnType<typeof setup>>

/** The export at `route` as its bytes decode, the BOM kept (Response.text() would drop it). */
async function download(t: Setup, route: { path: string }) {
  const response = await t.app.handle(
    new Request(`http://localhost:8787${route.path}`, {
      headers: { authorization: `Bearer ${t.endpoint.ownerToken}` },
    }),
  )
  return {
    status: response.status,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()),
  }
}

describe('exports of file fields', () => {
  test('CSV: one line per file, the name neutralised; JSON Lines: the file objects as stored', async () => {
    const t = await setup()
    const [ada, bob] = t.records
    const cv = ada.data.cv as FileObject
    const path = `/api/v3/apps/${t.endpoint.appId}/files/`
    // The stored order of several files is the answer's order, whatever it is.
    const photos = ada.data.photos as FileObject[]
    const a = photos.find((file) => file.name === 'a, b.txt') as FileObject
    const c = photos.find((file) => file.name === 'c.txt') as FileObject
    expect([cv.name, cv.size, cv.type, cv.sha256]).toEqual(['=cmd().txt', 15, 'text/plain', sha('=1+1 curriculum')])
    expect([photos.length, a.sha256, c.sha256]).toEqual([2, sha('one'), sha('three')])
    const lines = photos.map(
      (file) => `${file.name} (${file.size} bytes, text/plain) sha256:${file.sha256} ${path}${file.id}`,
    )
    const params = { id: t.endpoint.appId }
    const csv = await download(t, target('records.exportCsv', { params }))
    expect(csv.status).toBe(200)
    expect(csv.text).toBe(
      '\uFEFFid,createdAt,name,cv,photos,meta.source,meta.timestamp\r\n' +
        `${ada.id},${ada.createdAt},Ada,"'=cmd().txt (15 bytes, text/plain) sha256:${cv.sha256} ${path}${cv.id}",` +
        `"${lines.join('\n')}",,\r\n` +
        `${bob.id},${bob.createdAt},Bob,,,,\r\n`,
    )

    const raw = await download(t, target('records.exportCsv', { params, query: { raw: '1' } }))
    expect(raw.text.split('\r\n')[1]).toBe(
      `${ada.id},${ada.createdAt},Ada,"=cmd().txt (15 bytes, text/plain) sha256:${cv.sha256} ${path}${cv.id}",` +
        `"${lines.join('\n')}",,`,
    )

    const jsonl = await download(t, target('records.exportJsonl', { params }))
    expect(jsonl.status).toBe(200)
    expect(
      jsonl.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { id: ada.id, data: { name: 'Ada', cv, photos }, meta: {}, createdAt: ada.createdAt },
      { id: bob.id, data: { name: 'Bob' }, meta: {}, createdAt: bob.createdAt },
    ])
  })

  test('each path downloads the bytes the cell names', async () => {
    const t = await setup()
    const cv = t.records[0].data.cv as FileObject
    const res = await t.call(
      'files.download',
      { params: { id: t.endpoint.appId, file: cv.id } },
      { token: t.endpoint.ownerToken },
    )
    expect(res.status).toBe(200)
    expect(sha(res.text)).toBe(cv.sha256)
  })
})
