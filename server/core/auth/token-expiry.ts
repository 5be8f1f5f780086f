/**
 * @module The notice before an access token expires: AUTH.tokenExpiryNoticeMs before its
 * expiry, its owner gets one account alert (mailed with the others of its batch,
 * alerts.ts) saying when it stops working and how to make its successor. Each token is
 * claimed once in the store, also across processes, so nobody is told twice. Tokens made
 * to live less than that window are left out: whoever made them knew.
 */
import type { AppContext } from '../context.ts'
import { AUTH } from '../../contract/limits.ts'
import { alertOwner } from './alerts.ts'

/** Queues the notices that are due; how many were queued. Run by the alert mailer each round. */
export async function queueExpiryNotices(ctx: Pick<AppContext, 'storage' | 'clock'>): Promise<number> {
  const now = ctx.clock.now()
  const due = await ctx.storage.auth.claimExpiryNotices(now, now + AUTH.tokenExpiryNoticeMs, now)
  let queued = 0
  for (const row of due) {
    const expiresAt = row.expiresAt ?? now
    if (expiresAt - row.createdAt <= AUTH.tokenExpiryNoticeMs) continue
    await alertOwner(ctx, row.userId, {
      kind: 'token.expiring',
      token: { id: row.id, name: row.name, prefix: row.prefix },
      expiresAt,
    })
    queued++
  }
  return queued
}
