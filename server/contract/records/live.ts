/**
 * @module The live record streams (GET /api/v3/share/<token>/stream, the owner's GET
 * /api/v3/apps/<id>/records/stream): Server-Sent Events, one event per record, named
 * `record`, whose `id:` is the record's position in its app's stream (it only grows) and
 * whose `data:` is the record as /query shows it. The query they take, for the route table
 * and the clients (the CLI's `share tail`, the MCP subscriptions, the admin page).
 */
import { z } from 'zod'
import { SPAM_MODES } from './schemas.ts'

/** The SSE event name of a record. */
export const LIVE_EVENT = 'record'

/** The request header that resumes a stream (EventSource sends it when it reconnects); `?since=` says the same. */
export const LAST_EVENT_ID = 'last-event-id'

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
