import { describe, expect, test } from 'bun:test'
import { createApp, deleteApp, getApp, updateApp } from '../../../server/core/apps/apps.ts'
import { listApps } from '../../../server/core/apps/list.ts'
import { requireApp } from '../../../server/core/apps/member-app.ts'
import { appUrls, urlsFor } from '../../../server/core/apps/urls.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { newId } from '../../../server/core/ids.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

/** The AppError `run` throws, for comparing type, status, message and details at once. */
async function thrown(
  run: () => unknown,
): Promise<{ status: number; type: string; message: string; details?: unknown }> {
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
    const made = await createApp(ctx, user.id, { name: 'Survey' })
    expect(await ctx.storage.apps.byId(made.id)).toMatchObject({ id: made.id, ownerId: user.id, name: 'Survey' })
    expect(await ctx.storage.share.endpoint(made.id)).toMatchObject({
      appId: made.id,
      published: false,
      reads: 'off',
      tokenHash: null,
    })
    expect(await ctx.storage.apps.listed(made.id, user.id)).toMatchObject({
      kept: 0,
      spam: 0,
      lastAt: null,
      fieldCount: 0,
    })
    // An endpoint row that cannot be stored (its token hash is taken) fails the unit: nothing of the app may remain.
    const now = ctx.clock.now()
    const app = (id: string) => ({
      id,
      ownerId: user.id,
      name: 'Twin',
      description: '',
      createdAt: now,
      updatedAt: now,
    })
    await ctx.storage.apps.create({ app: app(newId()), endpoint: { tokenHash: 'same-hash', tokenCipher: 'x' } })
    const doomed = newId()
    await expect(
      ctx.storage.apps.create({ app: app(doomed), endpoint: { tokenHash: 'same-hash', tokenCipher: 'x' } }),
    ).rejects.toThrow()
    expect(await ctx.storage.apps.byId(doomed)).toBeNull()
    expect(await ctx.storage.share.endpoint(doomed)).toBeNull()
    expect((await listApps(ctx, user.id)).apps.map((listed) => listed.name)).toEqual(['Twin', 'Survey'])
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
    expect(await thrown(() => requireApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => getApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => updateApp(ctx, stranger.user.id, app.id, { name: 'x' }))).toEqual(notFound)
    expect(await thrown(() => deleteApp(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await thrown(() => appUrls(ctx, stranger.user.id, app.id))).toEqual(notFound)
    expect(await listApps(ctx, stranger.user.id)).toEqual({ apps: [], nextCursor: null })
    expect(await requireApp(ctx, owner.user.id, app.id)).toMatchObject({
      id: app.id,
      ownerId: owner.user.id,
      name: 'Mine',
    })
  })

  test('deleting an account deletes its apps and their records', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    const app = await createApp(ctx, user.id, { name: 'Mine' })
    await ctx.writer.write(app.id, [{ data: { n: 1 }, meta: {}, spam: false, spamReasons: [], newFields: [] }])
    const heard: string[] = []
    ctx.changes.subscribe((appId, kind) => heard.push(`${kind} ${appId}`))
    expect(await ctx.storage.users.delete(user.id)).toEqual({ appIds: [app.id] })
    expect(await ctx.storage.apps.byId(app.id)).toBeNull()
    expect(await ctx.storage.share.endpoint(app.id)).toBeNull()
    expect(await ctx.storage.fields.list(app.id)).toEqual([])
    expect(
      await ctx.storage.records.batch(app.id, {
        selection: 'all',
        order: 'asc',
        start: { at: 1 },
        rows: 10,
        bytes: 1 << 20,
      }),
    ).toEqual([])
    // Caches hear of the app's deletion.
    expect(heard).toEqual([`deleted ${app.id}`])
    expect(await ctx.storage.users.delete(user.id)).toBeNull()
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
