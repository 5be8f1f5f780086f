/**
 * @module The page stamp: when a page with a form was served, signed with the server's
 * secret (`ctx.sealer.mac`, like the other signed values), so `spamRules.minSeconds` can
 * tell how long the post took. The fill-in page and the ?help snippet carry it in a
 * hidden `_loaded` input as `<epoch ms>.<mac>`; the mac binds the app, so one app's stamp
 * means nothing on another.
 */
import { timingSafeEqual } from 'node:crypto'
import type { Sealer } from '../sealer.ts'

/** The form key that carries the stamp (reserved: one leading underscore, never a field). */
export const STAMP_KEY = '_loaded'

/** What a post's stamp says: none sent, forged (or altered), or the moment its page loaded. */
export type StampReading = { kind: 'none' } | { kind: 'forged' } | { kind: 'loaded'; at: number }

const signed = (appId: string, at: number) => `svc page stamp v1\n${appId}\n${at}`

/** A stamp for a page of `appId` served at `now`. */
export const pageStamp = (sealer: Pick<Sealer, 'mac'>, appId: string, now: number): string =>
  `${now}.${sealer.mac(signed(appId, now))}`

/** Reads the stamp a post sent (null or empty: none). */
export function readStamp(sealer: Pick<Sealer, 'mac'>, appId: string, text: string | null): StampReading {
  // An empty input (a snippet copied without a stamp) is no stamp.
  if (text === null || text.trim() === '') return { kind: 'none' }
  const match = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(text.trim())
  if (!match) return { kind: 'forged' }
  const at = Number(match[1])
  const same = timingSafeEqual(Buffer.from(sealer.mac(signed(appId, at))), Buffer.from(match[2]))
  return same ? { kind: 'loaded', at } : { kind: 'forged' }
}
