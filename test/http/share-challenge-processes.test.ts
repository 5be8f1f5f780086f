import { afterAll, expect, test } from 'bun:test'
import type { Challenge } from 'altcha-lib'
import { updateShare } from '../../server/core/share/settings.ts'
import { solvedPayload } from '../../server/contract/share/challenge-solve.ts'
import { pathOf } from '../../server/contract/api/routes.ts'
import { buildApp } from '../../server/http/app.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testAppOptions } from '../support/admin-build.ts'
import { sharedDatabase } from '../support/shared-database.ts'

// altcha-lib checks expiry against the system clock too: the shared clock starts at the real time.
const shared = await sharedDatabase(new ManualClock(Date.now()))
afterAll(() => shared.close())

test('two svc processes on one database accept one solution once, whichever is asked first (challenge: require)', async () => {
  const [a, b] = [await shared.open({ rateLimit: null }), await shared.open({ rateLimit: null })]
  const apps = [buildApp(a, testAppOptions()), buildApp(b, testAppOptions())]
  const endpoint = await makeEndpoint(a, { fields: [{ name: 'name', type: 'text' }] })
  await updateShare(a, endpoint.ownerId, endpoint.appId, { challenge: 'require' })
  const url = `http://localhost:8787${pathOf('ingest.challenge').replace(':token', endpoint.token)}`
  const challenge = (await (await apps[0].handle(new Request(url))).json()) as Challenge
  const altcha = await solvedPayload(challenge)
  const post = (i: number) =>
    apps[i % 2].handle(
      new Request(`http://localhost:8787${endpoint.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `R${i}`, altcha }),
      }),
    )
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i).then((r) => r.status)))
  expect(answers.filter((status) => status === 200).length).toBe(1)
  expect(answers.filter((status) => status === 403).length).toBe(7)
  expect((await storedRecords(a, endpoint.appId)).length).toBe(1)
})
