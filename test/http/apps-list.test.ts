/**
 * GET /api/v3/apps a page at a time (issue 17 row 8): newest first, `limit` (default 100,
 * at most 1000), and an opaque `nextCursor` that continues after the page's last app, so
 * walking the list never skips or repeats an app, even while apps are made.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { invalid, type BodyOf, type CallInput } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

async function setup(count: number) {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const made: string[] = []
  for (let i = 0; i < count; i++) {
    // Two apps per millisecond: ids break the ties.
    if (i % 2 === 0) t.clock.advance(1)
    made.push((await t.call('apps.create', { body: { name: `App ${i}` } }, { token: owner.token })).body.data.id)
  }
  const list = (query: Query = {}, token = owner.token) => t.call('apps.list', { query }, { token })
  return { t, owner, newestFirst: made.reverse(), list }
}

type Query = CallInput<'apps.list'>['query']

/** Every page of the list with `limit`, following nextCursor. */
async function walk(list: (query: Query) => Promise<{ status: number; body: BodyOf<'apps.list'> }>, limit: number) {
  const pages: string[][] = []
  let cursor: string | null = null
  do {
    const res = await list({ limit, cursor: cursor ?? undefined })
    expect(res.status).toBe(200)
    pages.push(res.body.data.apps.map((app: { id: string }) => app.id))
    cursor = res.body.data.nextCursor
  } while (cursor)
  return pages
}

describe('GET /api/v3/apps pages', () => {
  test.each([
    [1, [1, 1, 1, 1, 1, 1, 1]],
    [3, [3, 3, 1]],
    [7, [7]],
    [10, [7]],
  ])('limit %i walks 7 apps in pages of %j, newest first, each once', async (limit, sizes) => {
    const { list, newestFirst } = await setup(7)
    const pages = await walk(list, limit)
    expect(pages.map((page) => page.length)).toEqual(sizes)
    expect(pages.flat()).toEqual(newestFirst)
  })

  test(`without a limit: the first ${LIMITS.defaultAppsPageSize}, and a cursor when there are more`, async () => {
    const { list, newestFirst } = await setup(LIMITS.defaultAppsPageSize + 1)
    const first = await list()
    expect(first.body.data.apps.map((app: { id: string }) => app.id)).toEqual(
      newestFirst.slice(0, LIMITS.defaultAppsPageSize),
    )
    expect(first.body.data.nextCursor).toEqual(expect.any(String))
    const rest = await list({ cursor: first.body.data.nextCursor! })
    expect(rest.body.data).toEqual({
      apps: [expect.objectContaining({ id: newestFirst[LIMITS.defaultAppsPageSize], name: 'App 0' })],
      nextCursor: null,
    })
  })

  test('an app made while the list is walked shifts no page: it is newer than the cursor', async () => {
    const { t, owner, list, newestFirst } = await setup(4)
    const first = await list({ limit: 2 })
    t.clock.advance(1)
    await t.call('apps.create', { body: { name: 'Later' } }, { token: owner.token })
    const second = await list({ limit: 2, cursor: first.body.data.nextCursor! })
    expect(second.body.data.apps.map((app: { id: string }) => app.id)).toEqual(newestFirst.slice(2, 4))
  })

  test("another account's list is its own, whatever cursor it sends", async () => {
    const { t, list } = await setup(3)
    const stranger = await makeUser(t.ctx)
    const cursor = (await list({ limit: 1 })).body.data.nextCursor!
    expect((await list({ cursor }, stranger.token)).body).toEqual({
      code: 200,
      data: { apps: [], nextCursor: null },
    })
  })

  const badLimit = (got: string) => ({
    code: 400,
    error: {
      type: 'bad_request',
      message: `limit must be a whole number from 1 to ${LIMITS.maxAppsPageSize}, got "${got}"`,
    },
  })
  const badCursor = {
    code: 400,
    error: {
      type: 'bad_request',
      message:
        'cursor is not one this server gave out: pass the nextCursor of the previous page unchanged, or leave it out for the first page',
    },
  }
  test.each([
    [{ limit: '0' }, badLimit('0')],
    [{ limit: String(LIMITS.maxAppsPageSize + 1) }, badLimit(String(LIMITS.maxAppsPageSize + 1))],
    [{ limit: 'ten' }, badLimit('ten')],
    [{ limit: '1.5' }, badLimit('1.5')],
    [{ cursor: 'nonsense' }, badCursor],
    [{ cursor: Buffer.from('12.x y').toString('base64url') }, badCursor],
  ])('%o is a 400, never clamped', async (query, body) => {
    const { list } = await setup(1)
    const res = await list(invalid(query))

    expect<unknown>({ status: res.status, body: res.body }).toEqual({ status: 400, body })
  })
})
