/**
 * Duplicate posts across processes: two svc processes on one database, the same form post
 * racing through both, store one record and answer both with its id (on PostgreSQL the
 * key store's primary key decides; on SQLite the write lock).
 */
import { afterAll, expect, test } from 'bun:test'
import { buildApp } from '../../server/http/app.ts'
import { notePeerAddress } from '../../server/http/client-address.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testAppOptions } from '../support/admin-build.ts'
import { sharedDatabase } from '../support/shared-database.ts'

const shared = await sharedDatabase()
afterAll(() => shared.close())

test('two processes racing the same form post (10 times each) store it once, every answer its id', async () => {
  const [a, b] = [await shared.open({ rateLimit: null }), await shared.open({ rateLimit: null })]
  const apps = [buildApp(a, testAppOptions()), buildApp(b, testAppOptions())]
  const endpoint = await makeEndpoint(a)
  const post = (i: number) => {
    const request = new Request(`http://localhost:8787${endpoint.path}/form`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada&message=hello',
    })
    notePeerAddress(request, '203.0.113.7')
    return apps[i % 2].handle(request)
  }
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)))
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
  const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ data: { id: string } }>
  const stored = await storedRecords(a, endpoint.appId)
  expect(stored.map((record) => record.id)).toEqual([bodies[0].data.id])
  expect(new Set(bodies.map((body) => body.data.id))).toEqual(new Set([stored[0].id]))
})
