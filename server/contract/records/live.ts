/**
 * @module The live record streams (GET /api/v3/share/<token>/stream, the owner's GET
 * /api/v3/apps/<id>/records/stream): Server-Sent Events, one event per record, named
 * `record`, whose `id:` is the record's position in its app's stream (it only grows) and
 * whose `data:` is the record as /query shows it. Plain constants, for the server and the
 * clients (the CLI's `share tail`, the MCP subscriptions, the admin page's bundle); the
 * query the streams take is in live-query.ts.
 */

/** The SSE event name of a record. */
export const LIVE_EVENT = 'record'

/** The request header that resumes a stream (EventSource sends it when it reconnects); `?since=` says the same. */
export const LAST_EVENT_ID = 'last-event-id'
