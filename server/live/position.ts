/**
 * @module Where a stream starts: after the position a client names (the Last-Event-ID it
 * resumes with, or `?since=`), or after the app's newest record when it names none. A
 * position is a record's serial: it only grows and is never used again, so every record
 * after it is still after it. One the stream never handed out (not a whole number, or past
 * the app's newest) is a 400 saying so, never a guess.
 */
import type { AppContext } from '../core/context.ts'
import { AppError, notFound, quoteValue } from '../contract/errors.ts'

const WHOLE = /^[0-9]+$/

/** The position to start after and the app's newest (`through`). */
export interface StartPosition {
  after: number
  through: number
}

/**
 * The start of a stream of `appId`: after `lastEventId` (the header) or else `since`, or
 * after the newest record; 400 for a position the app's stream never reached, 404 for an app that is gone.
 */
export async function startPosition(
  ctx: AppContext,
  appId: string,
  lastEventId: string | null,
  since: unknown,
): Promise<StartPosition> {
  const through = await ctx.storage.records.lastSerial(appId)
  if (through === null) throw notFound('App')
  const header = lastEventId !== null && lastEventId.trim() !== '' ? lastEventId : null
  const [raw, name] = header !== null ? [header, 'Last-Event-ID'] : [since, 'since']
  if (raw === undefined || raw === null || raw === '') return { after: through, through }
  if (typeof raw !== 'string') throw new AppError('bad_request', 'since must be given once, as a whole number')
  const text = raw.trim()
  const position = WHOLE.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(position))
    throw new AppError(
      'bad_request',
      `${name} must be the id of an event this stream sent (a whole number from 0 to ${through}), got ${quoteValue(raw)}`,
    )
  if (position > through)
    throw new AppError(
      'bad_request',
      `${name} ${position} is past this app's newest record (position ${through}): it is not an id this stream sent. Send the id of the last event you received, 0 for every record, or neither for new records only`,
    )
  return { after: position, through }
}
