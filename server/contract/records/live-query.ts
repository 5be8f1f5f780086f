/**
 * @module The query of the live record streams (live.ts), for the route table and so the
 * OpenAPI document: `spam` and `since`, and `filter` on the owner's stream. Loose, as the
 * page parameters are (schemas.ts): core parses them, so a bad value is a 400 saying what to fix.
 */
import { z } from 'zod'
import { SPAM_MODES } from './schemas.ts'

const queryParameter = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta)

const liveParameters = {
  spam: queryParameter({
    type: 'string',
    enum: SPAM_MODES,
    default: 'exclude',
    description: 'exclude, include, or only the records flagged as spam',
  }),
  since: queryParameter({
    type: 'integer',
    minimum: 0,
    description:
      'Replay every record after this position (the `id:` of an event; 0 for every record), then go on live. The Last-Event-ID header wins over it. Without either: only records that arrive from now on',
  }),
}

/** The query of the public stream. */
export const liveQuerySchema = z.looseObject(liveParameters)

/** The query of the owner's stream, which also filters. */
export const ownerLiveQuerySchema = z.looseObject({
  ...liveParameters,
  filter: queryParameter({
    type: 'string',
    description: "Only the records matching, as on the records pages: city = 'Paris' && age >= 18",
  }),
})
