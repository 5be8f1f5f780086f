/**
 * Files scanned by a real clamd (Debian's clamav-daemon, with the EICAR test signature the
 * test writes itself): an infected file refuses its record with 422 `infected` and nothing
 * is kept; a clean one is stored; clamd gone is a 503 `scan_unavailable` with nothing kept
 * (never stored unscanned). Without clamd on the machine it skips, saying so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { type Clamd, clamdUnavailable, EICAR, EICAR_SIGNATURE, startClamd } from '../support/clamd.ts'
import { testApp } from '../support/http.ts'

const why = clamdUnavailable()
if (why) console.warn(`⚠ files scanned by clamd: skipped — ${why}`)

describe.skipIf(why !== null)('files scanned by clamd', () => {
  let clamd: Clamd
  beforeAll(async () => {
    clamd = await startClamd()
  }, 30_000)
  afterAll(async () => {
    await clamd?.stop()
  })

  async function setup(address: string) {
    const t = testApp({ clamd: address })
    const endpoint = await makeEndpoint(t.ctx)
    await t.call(
      'fields.add',
      { params: { id: endpoint.appId }, body: { name: 'cv', type: 'file' } },
      { token: endpoint.ownerToken },
    )
    const post = (name: string, bytes: string) => {
      const body = new FormData()
      body.append('name', 'Ada')
      body.append('cv', new Blob([bytes]), name)
      return t.request('POST', `${endpoint.path}/form`, { raw: body })
    }
    return { t, endpoint, post }
  }

  test('EICAR refuses the record with 422 infected; nothing is kept', async () => {
    const { t, endpoint, post } = await setup(clamd.unix)
    const res = await post('eicar.txt', EICAR)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error: {
        type: 'infected',
        message: `The file "eicar.txt" of field "cv" holds a virus (${EICAR_SIGNATURE}), so it was not stored and nothing of the submission was kept`,
        details: { signature: EICAR_SIGNATURE },
      },
    })
    expect(await storedRecords(t.ctx, endpoint.appId)).toEqual([])
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })

  test('a clean file is scanned and stored', async () => {
    const { t, endpoint, post } = await setup(clamd.tcp)
    expect((await post('notes.txt', 'nothing to see here\n')).status).toBe(200)
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 1, bytes: 20 })
  })

  test('clamd unreachable: 503 scan_unavailable, nothing kept', async () => {
    const { t, endpoint, post } = await setup('tcp://127.0.0.1:9')
    const res = await post('notes.txt', 'nothing to see here\n')
    expect(res.status).toBe(503)
    expect((res.body as { error: { type: string } }).error.type).toBe('scan_unavailable')
    expect(await storedRecords(t.ctx, endpoint.appId)).toEqual([])
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })
})
