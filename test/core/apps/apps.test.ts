import { describe, expect, test } from 'bun:test'
import { createApp, deleteApp, getApp, listApps, updateApp } from '../../../server/core/apps/apps.ts'
import { requireOwnedApp } from '../../../server/core/apps/owned.ts'
import { appUrls, urlsFor } from '../../../server/core/apps/urls.ts'
import { AppError } from '../../../server/core/errors.ts'
import { apps, endpoints } from '../../../server/db/sqlite/schema.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

/** The AppError `run` throws, for comparing type, status, message and details at once. */
async function thrown(run: () => unknown): Promise<{ status: number; type: string; message: string; details?: unknown }> {
  try {
    await run()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { status: error.status, type: error.type, message: error.message, details: error.details }
  }
  throw new Error('expected an AppError')
}

describe('apps core', () => {
  test('createApp writes the app, endpoint and counters rows in one transaction', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    // Without the counters table the third insert fails: nothing of the app may remain.
    ctx.store.sqlite.run('DROP TABLE app_stats')
    await expect(createApp(ctx, user.id, { name: 'Survey' })).rejects.toThrow()
    expect(ctx.store.db.select().from(apps).all()).toEqual([])
    expect(ctx.store.db.select().from(endpoints).all()).toEqual([])
  })

  test('core validates input itself, listing every problem, for callers that skip HTTP', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    expect(await thrown(() => createApp(ctx, user.id, { name: ' ', description: 3 as unknown as string }))).toEqual({
      status: 422,
      type: 'validation',
      message: '2 problems: name: cannot be empty; description: must be a string',
      details: {
        problems: [
          { path: 'name', message: 'cannot be empty' },
          { path: 'description', message: 'must be a string' },
        ],
      },
    })
    expect(await thrown(() => createApp(ctx, user.id, null as never))).toEqual({
      status: 422,
      type: 'validation',
      message: 'the body must be a JSON object',
      details: { problems: [{ path: '', message: 'the body must be a JSON object' }] },
    })
  })

  test('ownership: another account’s app is "App not found" in every operation', async () => {
    const { ctx } = testContext()
    const owner = await makeUser(ctx)
    const stranger = await makeUser(ctx)
    const app = await createApp(ctx, owner.user.id, { name: 'Mine' })
    const notFound = { status: 404, type: 'not_found', message: 'App not found', details: undefined }
    expect(await thrown(() => requireOwnedApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => getApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => updateApp(ctx, stranger.user.id, app.id, { name: 'x' }))).toEqual(notFound)
    expect(await thrown(() => deleteApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => appUrls(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await listApps(ctx, stranger.user.id)).toEqual([])
    expect(await requireOwnedApp(ctx, owner.user.id, app.id)).toMatchObject({ id: app.id, ownerId: owner.user.id, name: 'Mine' })
  })

  test('deleting an account deletes its apps (cascade from users)', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    await createApp(ctx, user.id, { name: 'Mine' })
    ctx.store.sqlite.run('DELETE FROM users')
    expect(ctx.store.db.select().from(apps).all()).toEqual([])
    expect(ctx.store.db.select().from(endpoints).all()).toEqual([])
  })

  test('urlsFor builds every URL from the base URL and token', () => {
    expect(urlsFor('https://x.example', 'app1', 'tok')).toEqual({
      endpoint: 'https://x.example/api/v3/share/tok',
      help: 'https://x.example/api/v3/share/tok?help',
      fillIn: 'https://x.example/f/tok',
      editor: 'https://x.example/admin/#/apps/app1',
      data: 'https://x.example/admin/#/apps/app1/data',
    })
  })
})
