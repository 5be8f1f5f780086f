/**
 * @module The revoke link of the account alert mails (alerts.ts): a signed link that
 * revokes the access tokens it names and does nothing else. It logs nobody in, needs no
 * session (the owner may be reading mail on another device, and the mail is the proof),
 * and works for ALERT_LINK_TTL_MS. The link's GET shows a page with one button, so a mail
 * scanner following links revokes nothing; the button's POST revokes.
 */
import type { AppContext } from '../context.ts'
import { safeEqual } from '../ids.ts'
import type { TokenRef } from './alert-types.ts'

/** How long a revoke link works after its mail was written. */
export const ALERT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

interface LinkClaim {
  /** The account. */
  u: string
  /** The token ids to revoke. */
  t: string[]
  /** Expiry, epoch ms. */
  x: number
}

type LinkContext = Pick<AppContext, 'sealer' | 'config' | 'clock'>

// Its own purpose in the MAC, so no other signed link of svc can pass for this one.
const macOf = (ctx: LinkContext, payload: string) => ctx.sealer.mac(`revoke access tokens\n${payload}`)

/** The link that revokes the tokens `tokenIds` of `userId`. */
export function revokeLink(ctx: LinkContext, userId: string, tokenIds: string[]): string {
  const claim: LinkClaim = { u: userId, t: [...new Set(tokenIds)], x: ctx.clock.now() + ALERT_LINK_TTL_MS }
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url')
  return `${ctx.config.baseUrl}/api/v3/account/revoke/${payload}.${macOf(ctx, payload)}`
}

/** The account and tokens a link names, or null when it is forged, damaged or expired. */
function readLink(ctx: LinkContext, link: string): LinkClaim | null {
  const [payload, mac, extra] = link.split('.')
  if (!payload || !mac || extra !== undefined || !safeEqual(mac, macOf(ctx, payload))) return null
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaim
    if (typeof claim.u !== 'string' || !Array.isArray(claim.t) || typeof claim.x !== 'number') return null
    return claim.x > ctx.clock.now() ? claim : null
  } catch {
    return null
  }
}

/** The tokens the link names that still work (for its page), or null when the link is not valid. */
export async function tokensOfLink(ctx: AppContext, link: string): Promise<TokenRef[] | null> {
  const claim = readLink(ctx, link)
  if (!claim) return null
  return (await ctx.storage.auth.tokens(claim.u))
    .filter((token) => claim.t.includes(token.id))
    .map(({ id, name, prefix }) => ({ id, name, prefix }))
}

/** Revokes the tokens the link names (those still there); null when the link is not valid. */
export async function revokeByLink(ctx: AppContext, link: string): Promise<TokenRef[] | null> {
  const live = await tokensOfLink(ctx, link)
  if (!live) return null
  const claim = readLink(ctx, link)!
  const revoked: TokenRef[] = []
  for (const token of live) if (await ctx.storage.auth.deleteToken(claim.u, token.id)) revoked.push(token)
  if (revoked.length > 0)
    ctx.log.info('access tokens revoked by an alert link', { userId: claim.u, revoked: revoked.map((t) => t.prefix) })
  return revoked
}
