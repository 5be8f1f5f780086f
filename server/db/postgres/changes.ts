/**
 * @module Change notices across svc processes: a store that changes an app sends
 * `pg_notify('svc_changes', '<process> <app> <kind>')` inside its own transaction, so the
 * notice goes out on commit and never for a rolled-back change; every process LISTENs and
 * hands other processes' notices to its subscribers. This process hears its own changes
 * at once, after the commit, not through the database. If the listening connection drops,
 * notices may have been missed: on reconnect every cache is told to start over.
 */
import { sql } from 'drizzle-orm'
import type { SQL } from 'bun'
import {
  EVERY_APP,
  localChangeFeed,
  type ChangeFeed,
  type ChangeKind,
  type LocalChangeFeed,
} from '../storage/changes.ts'
import type { PgDb } from './connection.ts'
import { drizzleAuditInsert, rawAuditInsert, writeAuditEntry, type AuditInsert } from './audit-insert.ts'

const CHANNEL = 'svc_changes'
const KINDS = new Set<ChangeKind>(['app', 'fields', 'endpoint', 'records', 'deleted', 'webhooks', 'senders', 'access'])

/** Anything that runs a drizzle SQL statement: the pool or a transaction. */
type Executor = Pick<PgDb, 'execute'>

import { rawRun, type RawRun } from './raw-run.ts'

export { rawRun, type RawRun }

type Changed = (appId: string, kind: ChangeKind) => void

export interface PgChanges extends ChangeFeed {
  /**
   * Runs `work` in one transaction; each `changed(appId, kind)` it calls is sent with NOTIFY
   * before the commit and delivered to this process's subscribers after it.
   */
  transaction<T>(
    db: PgDb,
    work: (tx: Parameters<Parameters<PgDb['transaction']>[0]>[0], changed: Changed) => Promise<T>,
  ): Promise<T>
  /** The same on the raw pool: `run` sends SQL text with bound parameters in the transaction. */
  rawTransaction<T>(client: SQL, work: (run: RawRun, changed: Changed) => Promise<T>): Promise<T>
  /** Sends notices for a change already committed by one statement on `db` (no transaction needed). */
  announce(db: Executor, appId: string, kind: ChangeKind): Promise<void>
  /** Stops listening. */
  close(): Promise<void>
}

/** Starts listening on `client` and returns the feed; `processId` tells our own notices apart. */
export async function listenForChanges(client: SQL, processId: string, now: () => number): Promise<PgChanges> {
  const local = localChangeFeed()
  let listening = false
  const subscription = await client.listen(
    CHANNEL,
    (payload) => {
      const [from, appId, kind] = payload.split(' ')
      if (from !== processId && appId && KINDS.has(kind as ChangeKind)) local.emit(appId, kind as ChangeKind)
    },
    () => {
      // Runs once listening starts and again after every reconnect, when notices may have been lost.
      if (listening) local.emit(EVERY_APP, 'app')
      listening = true
    },
  )
  return changesOver(local, processId, now, () => subscription.unlisten())
}

/** A feed for one process alone (tests that need no other process): notices are still sent, nobody here listens. */
export function unheardChanges(processId: string, now: () => number): PgChanges {
  return changesOver(localChangeFeed(), processId, now, async () => {})
}

/**
 * Changes noted during one transaction: sent inside it (before the commit) with the audit
 * entry of the unit of work that made them, delivered here after it.
 */
function changeNotes(local: LocalChangeFeed, now: () => number) {
  const notes: Array<[string, ChangeKind]> = []
  let committed = () => {}
  return {
    changed: ((appId, kind) => void notes.push([appId, kind])) satisfies Changed,
    async sendWith(send: (appId: string, kind: ChangeKind) => Promise<unknown>, insert: AuditInsert): Promise<void> {
      if (notes[0]) committed = await writeAuditEntry(insert, notes[0][0], now())
      for (const [appId, kind] of notes) await send(appId, kind)
    },
    deliver: () => {
      committed()
      for (const [appId, kind] of notes) local.emit(appId, kind)
    },
  }
}

function changesOver(
  local: LocalChangeFeed,
  processId: string,
  now: () => number,
  stop: () => Promise<void>,
): PgChanges {
  const payload = (appId: string, kind: ChangeKind) => `${processId} ${appId} ${kind}`
  const send = (db: Executor, appId: string, kind: ChangeKind) =>
    db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload(appId, kind)})`)
  return {
    subscribe: local.subscribe,
    async transaction(db, work) {
      const notes = changeNotes(local, now)
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, notes.changed)
        await notes.sendWith((appId, kind) => send(tx, appId, kind), drizzleAuditInsert(tx))
        return value
      })
      notes.deliver()
      return result
    },
    async rawTransaction(client, work) {
      const notes = changeNotes(local, now)
      const result = await client.begin(async (tx) => {
        const run = rawRun(tx)
        const value = await work(run, notes.changed)
        await notes.sendWith(
          (appId, kind) => run('SELECT pg_notify($1, $2)', [CHANNEL, payload(appId, kind)]),
          rawAuditInsert(run),
        )
        return value
      })
      notes.deliver()
      return result
    },
    async announce(db, appId, kind) {
      await send(db, appId, kind)
      local.emit(appId, kind)
    },
    close: stop,
  }
}
