import { describe, expect, test } from 'bun:test'
import type { Challenge } from 'altcha-lib'
import { updateShare } from '../../server/core/share/settings.ts'
import { solvedPayload } from '../../server/contract/share/challenge-solve.ts'
import { CHALLENGE_TTL_MS, type ChallengeMode } from '../../server/contract/share/challenge.ts'
import { makeEndpoint, storedFields, storedRecords } from '../core/collect/fixtures.ts'
import { testApp, type TestApp } from '../support/http.ts'
import type { TestEndpoint } from '../core/collect/fixtures.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_FORM = { ...FORM, accept: 'application/json' }

async function setup(challenge: ChallengeMode) {
  const t = testApp({ rateLimit: null })
  // altcha-lib checks expiry against the system clock too: start the test's clock at the real time.
  t.clock.advance(Date.now() - t.clock.now())
  const endpoint = await makeEndpoint(t.ctx, { fields: [{ name: 'name', type: 'text' }] })
  await updateShare(t.ctx, endpoint.ownerId, endpoint.appId, { challenge })
  return { ...t, endpoint }
}

async function challengeOf(t: TestApp, endpoint: TestEndpoint): Promise<Challenge> {
  const answer = await t.call('ingest.challenge', { params: { token: endpoint.token } })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  return answer.body as unknown as Challenge
}

const solve = async (t: TestApp, endpoint: TestEndpoint) => solvedPayload(await challengeOf(t, endpoint))

/** A solution whose challenge was changed after signing (a harder difficulty claimed easier). */
function forged(payload: string): string {
  const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
  decoded.solution.derivedKey = '00'.repeat(32)
  return Buffer.from(JSON.stringify(decoded)).toString('base64')
}

type Case = 'missing' | 'forged' | 'expired' | 'replayed' | 'other endpoint' | 'solved'
const CASES: Case[] = ['missing', 'forged', 'expired', 'replayed', 'other endpoint', 'solved']
const REASON: Record<Exclude<Case, 'solved'>, string> = {
  missing: 'challenge_missing',
  forged: 'challenge_invalid',
  expired: 'challenge_expired',
  replayed: 'challenge_replayed',
  'other endpoint': 'challenge_invalid',
}

/** The solution to send for `which`, after whatever that case needs done first (a first use, the clock moved). */
async function solutionFor(t: TestApp, endpoint: TestEndpoint, which: Case): Promise<string | undefined> {
  if (which === 'missing') return undefined
  if (which === 'forged') return forged(await solve(t, endpoint))
  if (which === 'other endpoint') {
    const other = await makeEndpoint(t.ctx, { fields: [{ name: 'name', type: 'text' }] })
    return solve(t, other)
  }
  const payload = await solve(t, endpoint)
  if (which === 'expired') t.clock.advance(CHALLENGE_TTL_MS + 1000)
  if (which === 'replayed') {
    const first = await t.call('ingest.post', {
      params: { token: endpoint.token },
      body: { name: 'First', altcha: payload },
    })
    expect(first.status).toBe(200)
  }
  return payload
}

const requiredBody = (endpoint: TestEndpoint, reason: string, why: string) => ({
  code: 403,
  error: {
    type: 'challenge_required',
    message: `This form requires a proof-of-work solution and ${why}, so nothing was stored. GET http://localhost:8787/api/v3/share/${endpoint.token}/challenge for a challenge (ALTCHA), solve it (the altcha widget or altcha-lib's solveChallenge) and send the solution as the "altcha" form field, a top-level "altcha" key of the JSON record, or an X-Altcha header; each solution is accepted once`,
    details: { challenge: `http://localhost:8787/api/v3/share/${endpoint.token}/challenge`, reason },
  },
})
const WHY: Record<string, string> = {
  challenge_missing: 'no proof-of-work solution came with it',
  challenge_invalid: 'its proof-of-work solution is not valid for this form',
  challenge_expired: 'its proof-of-work challenge expired',
  challenge_replayed: 'its proof-of-work solution was already used',
}

describe('challenge × solution on a JSON post (the altcha key)', () => {
  for (const mode of ['off', 'flag', 'require'] as const) {
    for (const which of CASES) {
      test(`${mode}, ${which}`, async () => {
        const t = await setup(mode)
        const { endpoint } = t
        const altcha = await solutionFor(t, endpoint, which)
        const before = (await storedRecords(t.ctx, endpoint.appId)).length
        const answer = await t.call('ingest.post', {
          params: { token: endpoint.token },
          body: { name: 'Ada', ...(altcha === undefined ? {} : { altcha }) },
        })
        const records = (await storedRecords(t.ctx, endpoint.appId)).slice(before)
        const failed = which !== 'solved' && mode !== 'off'
        if (failed && mode === 'require') {
          const reason = REASON[which as Exclude<Case, 'solved'>]
          expect(answer.status).toBe(403)
          expect(answer.body as unknown).toEqual(requiredBody(endpoint, reason, WHY[reason]))
          expect(records).toEqual([])
          return
        }
        expect(answer.status).toBe(200)
        expect(records.map(({ spam, data, meta }) => ({ spam, data, meta }))).toEqual([
          failed
            ? { spam: true, data: { name: 'Ada' }, meta: { spamReasons: [REASON[which as Exclude<Case, 'solved'>]] } }
            : { spam: false, data: { name: 'Ada' }, meta: {} },
        ])
      })
    }
  }
})

describe('require: every ingest route', () => {
  test('JSON (header), form, batch and the fill-in post refuse a missing solution and take a good one', async () => {
    const t = await setup('require')
    const { endpoint, request } = t
    const path = endpoint.path
    const refused = [
      await request('POST', path, { body: { name: 'Ada' } }),
      await request('POST', `${path}/form`, { raw: 'name=Ada', headers: FORM }),
      await request('POST', `${path}/batch`, { body: [{ name: 'Ada' }] }),
      await request('POST', `/f/${endpoint.token}`, { raw: 'name=Ada', headers: JSON_FORM }),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual(requiredBody(endpoint, 'challenge_missing', WHY.challenge_missing))
    }
    // Each post sends its own answer: the same one again from this client would be a duplicate (dedupeSeconds).
    const form = (name: string, altcha: string) => new URLSearchParams({ name, altcha }).toString()
    const taken = [
      await request('POST', path, { body: { name: 'Header' }, headers: { 'x-altcha': await solve(t, endpoint) } }),
      await request('POST', `${path}/form`, { raw: form('Form', await solve(t, endpoint)), headers: FORM }),
      await request('POST', `${path}/batch`, {
        body: [{ name: 'Batch' }],
        headers: { 'x-altcha': await solve(t, endpoint) },
      }),
      await request('POST', `/f/${endpoint.token}`, {
        raw: form('Fill-in', await solve(t, endpoint)),
        headers: JSON_FORM,
      }),
    ]
    expect(taken.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const records = await storedRecords(t.ctx, endpoint.appId)
    // The solution is never stored as data.
    expect(records.map(({ spam, data }) => ({ spam, data }))).toEqual([
      { spam: false, data: { name: 'Header' } },
      { spam: false, data: { name: 'Form' } },
      { spam: false, data: { name: 'Batch' } },
      { spam: false, data: { name: 'Fill-in' } },
    ])
  })

  test("a browser's own form post gets a page saying what to do", async () => {
    const t = await setup('require')
    const answer = await t.request('POST', `${t.endpoint.path}/form`, {
      raw: 'name=Ada',
      headers: { ...FORM, 'sec-fetch-mode': 'navigate' },
    })
    expect(answer.status).toBe(403)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(answer.text).toContain('could not finish the automatic check this form uses against spam')
    expect(await storedRecords(t.ctx, t.endpoint.appId)).toEqual([])
  })

  test("the owner's own posts (access token) need no solution", async () => {
    const t = await setup('require')
    const answer = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token }, body: { name: 'Owner', extra: 'x' } },
      { token: t.endpoint.ownerToken },
    )
    expect(answer.status).toBe(200)
    const records = await storedRecords(t.ctx, t.endpoint.appId)
    expect(records.map(({ spam, data }) => ({ spam, data }))).toEqual([
      { spam: false, data: { name: 'Owner', extra: 'x' } },
    ])
  })
})

describe('flag: spam makes no fields', () => {
  test('a new key of a post without a solution stays in the spam record and makes no field', async () => {
    const t = await setup('flag')
    const answer = await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { name: 'Bot', url: 'x' } })
    expect(answer.status).toBe(200)
    expect((await storedFields(t.ctx, t.endpoint.appId)).map((field) => field.name)).toEqual(['name'])
    const records = await storedRecords(t.ctx, t.endpoint.appId)
    expect(records.map(({ spam, meta }) => ({ spam, meta }))).toEqual([
      { spam: true, meta: { spamReasons: ['challenge_missing'] } },
    ])
  })

  test('the honeypot and the challenge give both reasons', async () => {
    const t = await setup('flag')
    await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { name: 'Bot', _gotcha: 'x' } })
    const records = await storedRecords(t.ctx, t.endpoint.appId)
    expect(records.map(({ spam, meta }) => ({ spam, meta }))).toEqual([
      { spam: true, meta: { spamReasons: ['honeypot', 'challenge_missing'] } },
    ])
  })
})

describe('GET …/challenge', () => {
  test('an unknown token is 404, a form with writes off 403 disabled', async () => {
    const t = await setup('require')
    const unknown = await t.call('ingest.challenge', { params: { token: 'nope' } })
    expect(unknown.status).toBe(404)
    expect((unknown.body as { error: { type: string } }).error.type).toBe('not_found')
    await updateShare(t.ctx, t.endpoint.ownerId, t.endpoint.appId, { service: false })
    const off = await t.call('ingest.challenge', { params: { token: t.endpoint.token } })
    expect(off.status).toBe(403)
    expect((off.body as { error: { type: string } }).error.type).toBe('disabled')
  })

  test('is rate limited in a bucket of its own', async () => {
    const t = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(t.ctx, { rateLimit: '1/s,1', fields: [{ name: 'name', type: 'text' }] })
    expect((await t.call('ingest.challenge', { params: { token: endpoint.token } })).status).toBe(200)
    const second = await t.call('ingest.challenge', { params: { token: endpoint.token } })
    expect(second.status).toBe(429)
    // Posts have their own bucket still.
    expect((await t.call('ingest.post', { params: { token: endpoint.token }, body: { name: 'Ada' } })).status).toBe(200)
  })
})

describe('?help', () => {
  test('with the challenge on, the form snippet adds the altcha widget and the limits say how to send a solution', async () => {
    const t = await setup('require')
    const help = await t.call('ingest.help', { params: { token: t.endpoint.token }, query: { help: '' } })
    expect(help.status).toBe(200)
    expect(help.text).toContain(
      `  <altcha-widget challenge="http://localhost:8787/api/v3/share/${t.endpoint.token}/challenge" auto="onload"></altcha-widget>`,
    )
    expect(help.text).toContain('without a valid one a post is answered 403 `challenge_required`, nothing stored')
  })
})
