/**
 * @module The text of a live stream (Server-Sent Events, WHATWG HTML §9.2): a record is an
 * event `record` whose `id:` is its serial and whose `data:` is the record as /query
 * shows it (stored JSON text, one line: JSON.stringify never writes a raw line break).
 */
import { LIVE_EVENT } from '../contract/records/live.ts'
import type { RecordRow } from '../db/storage/records.ts'
import { recordJson } from '../core/records/shape.ts'

/** One record as an event. */
export const recordEvent = (row: RecordRow, serial: number): string =>
  `id: ${serial}\nevent: ${LIVE_EVENT}\ndata: ${recordJson(row)}\n\n`

/**
 * The first lines of a stream: how long to wait before reconnecting, and the position it
 * starts after as the last event id (a block without data sets it and dispatches nothing),
 * so a client that saw no record yet still resumes from here, not from whenever it reconnects.
 */
export const opening = (retryMs: number, after: number): string => `retry: ${retryMs}\nid: ${after}\n\n`

/** The comment a quiet stream sends now and then, so proxies keep it open. */
export const HEARTBEAT = ': keep-alive\n\n'

/** A last comment saying why the server ends the stream. */
export const closing = (why: string): string => `: closed: ${why.replace(/[\r\n]+/g, ' ')}\n\n`
