/**
 * @module Notice that records were appended to an app, for the live streams (server/live):
 * the app and the newest `serial` committed there. A notice is only a wake-up: a stream
 * then reads the rows after its own position from storage (records `batch` with `live`),
 * so a lost or merged notice costs a delay, never a record. The storage sends them itself
 * once a commit may be read (on SQLite once it is durable): in-process on SQLite; on
 * PostgreSQL through NOTIFY in the committing statement, so every process hears of
 * every commit.
 */
import { EVERY_APP } from './changes.ts'
import { localFeed, type LocalFeed } from './feed.ts'

export { EVERY_APP }

/** `appId` EVERY_APP (serial 0) when notices may have been missed (a lost connection): every stream reads on. */
export type AppendListener = (appId: string, serial: number) => void

export interface AppendFeed {
  /** Calls `listener` for every append from now on; returns the unsubscribe function. */
  subscribe(listener: AppendListener): () => void
}

/** A feed whose notices come from this process. */
export type LocalAppendFeed = LocalFeed<[appId: string, serial: number]>

/** A feed delivered in-process, synchronously, to every subscriber. */
export const localAppendFeed = (): LocalAppendFeed => localFeed()
