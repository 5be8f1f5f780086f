/**
 * @module Account alerts: the owner is mailed when an access token is created or is about to
 * expire, a webhook is added or changed, the account's other tokens are revoked, or the
 * password is changed (with the tokens that still work), so a stolen token or session does not go unseen.
 * Each alert is a row (account_alerts), written when it happens; the webhook worker of
 * every process looks for accounts whose oldest waiting alert is ALERT_BATCH_MS old and
 * mails all of that account's waiting alerts as one mail (a claim is atomic across
 * processes, storage/alerts.ts). A failed send is tried again once its lease ran out.
 * Each mail carries revoke links (revoke-link.ts).
 */
import type { AppContext } from '../context.ts'
import { newId } from '../ids.ts'
import { alertMail } from './alert-mail.ts'
import type { AccountAlert, TokenRef } from './alert-types.ts'
import { revokeLink } from './revoke-link.ts'

export type { AccountAlert, TokenRef }

/** Alerts of one account within this time of its first waiting one go out in one mail. */
export const ALERT_BATCH_MS = 60_000
/** How long a process has to send a claimed batch before another may. */
const LEASE_MS = 5 * 60_000

/** Records `alert` for the owner of `userId`; mailed with the others of its batch. */
export async function alertOwner(
  ctx: Pick<AppContext, 'storage' | 'clock'>,
  userId: string,
  alert: AccountAlert,
): Promise<void> {
  await ctx.storage.alerts.add({ id: newId(), userId, detail: JSON.stringify(alert), createdAt: ctx.clock.now() })
}

/** The token `tokenId` of `userId` as an alert names it; null for none (an admin session). */
export async function tokenRef(
  ctx: AppContext,
  userId: string,
  tokenId: string | null | undefined,
): Promise<TokenRef | null> {
  if (!tokenId) return null
  const row = (await ctx.storage.auth.tokens(userId)).find((token) => token.id === tokenId)
  return row ? { id: row.id, name: row.name, prefix: row.prefix } : null
}

export type SendContext = Pick<AppContext, 'storage' | 'clock' | 'sealer' | 'config' | 'mailer' | 'log'>

/** Mails every batch that is due; how many mails went out. Run by the webhook worker each round. */
export async function sendAccountAlerts(ctx: SendContext): Promise<number> {
  const now = ctx.clock.now()
  const batches = await ctx.storage.alerts.claimDue({ now, dueAt: now - ALERT_BATCH_MS, leaseUntil: now + LEASE_MS })
  let sent = 0
  for (const batch of batches) {
    const userId = batch[0].userId
    const user = await ctx.storage.users.byId(userId)
    const ids = batch.map((row) => row.id)
    if (!user) {
      await ctx.storage.alerts.remove(ids)
      continue
    }
    const mail = alertMail({
      to: user.email,
      baseUrl: ctx.config.baseUrl,
      alerts: batch.map((row) => ({ alert: JSON.parse(row.detail) as AccountAlert, at: row.createdAt })),
      link: (tokenIds) => revokeLink(ctx, userId, tokenIds),
    })
    try {
      await ctx.mailer.send(mail)
    } catch (error) {
      ctx.log.error('could not send an account alert e-mail; trying again later', {
        to: user.email,
        error: error instanceof Error ? error.message : String(error),
      })
      continue
    }
    await ctx.storage.alerts.remove(ids)
    sent++
  }
  return sent
}
