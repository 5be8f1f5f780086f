/**
 * @module Whether a form is closed now (contract/share/closing.ts), with the count of its
 * records read only when `closeAfter` needs it, and the injected clock: the one question
 * the ingest gate, the fill-in page and the share view ask.
 */
import type { AppContext } from '../context.ts'
import { closedBy, type Closing } from '../../contract/share/closing.ts'

/** Why the form of `appId` is closed now, or null while it takes responses. */
export async function closedNow(
  ctx: AppContext,
  appId: string,
  closing: Closing,
): Promise<ReturnType<typeof closedBy>> {
  const early = closedBy({ ...closing, closeAfter: null }, ctx.clock.now(), null)
  if (early || closing.closeAfter === null) return early
  const records = (await ctx.storage.stats.counters(appId))?.kept ?? 0
  return closedBy(closing, ctx.clock.now(), records)
}
