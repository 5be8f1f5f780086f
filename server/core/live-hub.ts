/**
 * @module The live streams of this process as the context names them (`ctx.live`,
 * core/context.ts): the hub's interface. The hub itself is server/live/hub.ts (this interface keeps core from loading it).
 */
import type { FilterNode } from '../db/storage/record-filter.ts'
import type { ReadSelection } from '../db/storage/records.ts'

/** A stream to open: whose records, from where, for whom. */
export interface LiveRequest {
  appId: string
  /** The position to start after; `through` the app's last position when it was checked. */
  after: number
  through: number
  selection: ReadSelection
  /** Only the records matching it; `filterText` as written (streams with the same text share their reads). */
  filter?: FilterNode
  filterText?: string
  /** The client's address (null: none known); the per-client limit counts by its network. */
  client: string | null
  /** The app's owner reads (their access token or session): the owner's places, never the strangers'. */
  owner: boolean
  /** Whether the reader may still read, asked when the app's settings change and at every heartbeat; false ends the stream. */
  allowed(): Promise<boolean>
  /** Cuts the connection without waiting for the client (from the HTTP face). */
  drop?: () => void
}

export interface LiveHub {
  /** A stream's body; 429 `rate_limited` (with Retry-After) past a limit of ctx.places. */
  open(request: LiveRequest): ReadableStream<Uint8Array>
  /** Streams open now. */
  readonly size: number
  /** Ends every stream and refuses new ones (at shutdown, so the server can stop in time). */
  close(): void
}
