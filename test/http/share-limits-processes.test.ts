import { afterAll, expect, test } from 'bun:test'
import { updateShare } from '../../server/core/share/settings.ts'
import { buildApp } from '../../server/http/app.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testAppOptions } from '../support/admin-build.ts'
import { sharedDatabase } from '../support/shared-database.ts'

const shared = await sharedDatabase()
afterAll(() => shared.close())

test('two svc processes on one database: exactly N records of 3N racing respondents (closeAfter), one per address (uniqueField)', async () => {
  const N = 6
  const [a, b] = [await shared.open({ rateLimit: null }), await shared.open({ rateLimit: null })]
  const apps = [buildApp(a, testAppOptions()), buildApp(b, testAppOptions())]
  const endpoint = await makeEndpoint(a, { fields: [{ name: 'email', type: 'email' }] })
  await updateShare(a, endpoint.ownerId, endpoint.appId, { closeAfter: N, uniqueField: 'email' })
  const post = (i: number, email: string) =>
    apps[i % 2].handle(
      new Request(`http://localhost:8787${endpoint.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
    )
  // Every respondent twice (once through each process), 3N addresses: N stored, each address at most once.
  const answers = await Promise.all(
    Array.from({ length: 6 * N }, (_, i) => post(i, `r${i % (3 * N)}@example.com`).then((r) => r.status)),
  )
  expect(answers.filter((status) => status === 200).length).toBe(N)
  expect(answers.every((status) => status === 200 || status === 403 || status === 409)).toBe(true)
  const stored = await storedRecords(a, endpoint.appId)
  expect(stored.length).toBe(N)
  const emails = stored.map((record) => (record.data as { email: string }).email)
  expect(new Set(emails).size).toBe(N)
})
