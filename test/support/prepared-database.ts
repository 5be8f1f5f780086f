/**
 * @module The database a server process will run on, prepared and read from the test's own
 * process through the same start-up path the server takes: a data dir on SQLite, one
 * database on PostgreSQL.
 */
import { createServerContext } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import type { AppContext } from '../../server/core/context.ts'
import { createApp } from '../../server/core/apps/apps.ts'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { publish } from '../../server/core/share/publish.ts'
import { updateShare } from '../../server/core/share/settings.ts'
import { insertUser } from '../../server/core/users/users.ts'

/** Runs `work` on a context over the database the servers use (as the server opens it), then closes it. */
export async function withDatabase<T>(env: Record<string, string>, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createServerContext(loadConfig({ PORT: '0', SVC_LOG: 'warn', ...env }))
  try {
    return await work(ctx)
  } finally {
    await ctx.shutdown()
    await ctx.storage.close()
  }
}

/**
 * Makes the database with one published app (summary reads open) before the server ever
 * starts; `ownerToken` is an access token of its owner (whose reads see every field).
 */
export function prepareDatabase(
  env: Record<string, string>,
): Promise<{ appId: string; token: string; ownerToken: string }> {
  return withDatabase(env, async (ctx) => {
    const user = await insertUser(ctx, { email: 'owner@example.com' })
    const { id: appId } = await createApp(ctx, user.id, { name: 'Durable' })
    // Summary reads open: tests read the summary back with the endpoint token alone.
    await updateShare(ctx, user.id, appId, { reads: 'summary' })
    const { token } = await publish(ctx, user.id, appId)
    const owner = await createAccessToken(ctx, user.id, 'tests')
    return { appId, token: token!, ownerToken: owner.token }
  })
}
