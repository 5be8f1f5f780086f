/**
 * @module Append notices across svc processes: the group commit sends
 * `pg_notify('svc_appends', '<app> <serial>')` in its own statement (record-commit.ts), so
 * every process hears of every committed group, and only of committed ones. The LISTEN
 * runs on the connection Bun.SQL keeps for the change notices (changes.ts). A notice is a
 * wake-up only (the streams read the rows themselves), so this process's own notices,
 * already delivered after the commit, do no harm when they come back: a stream that has
 * read that far ignores them. If the listening connection drops, notices may have been
 * missed: on reconnect every stream is told to read on (EVERY_APP).
 */
import type { SQL } from 'bun'
import { EVERY_APP, localAppendFeed, type LocalAppendFeed } from '../storage/appends.ts'

/** The channel of append notices. */
export const APPENDS_CHANNEL = 'svc_appends'

export interface PgAppends extends LocalAppendFeed {
  /** Stops listening. */
  close(): Promise<void>
}

/** Starts listening for append notices on `client` and returns the feed. */
export async function listenForAppends(client: SQL): Promise<PgAppends> {
  const local = localAppendFeed()
  let listening = false
  const subscription = await client.listen(
    APPENDS_CHANNEL,
    (payload) => {
      const [appId, serial] = payload.split(' ')
      const position = Number(serial)
      if (appId && Number.isSafeInteger(position)) local.emit(appId, position)
    },
    () => {
      // Runs once listening starts and again after every reconnect, when notices may have been lost.
      if (listening) local.emit(EVERY_APP, 0)
      listening = true
    },
  )
  return { ...local, close: () => subscription.unlisten() }
}

/** A feed for one process alone (tests that need no other process): notices are still sent, nobody here listens. */
export function unheardAppends(): PgAppends {
  return { ...localAppendFeed(), close: async () => {} }
}
