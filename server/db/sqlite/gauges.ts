/**
 * @module GaugeStore on SQLite (see storage/gauges.ts). The database's size is its file's
 * and its WAL's, found through the connection (`pragma_database_list`), so an in-memory
 * database counts its pages instead.
 */
import { statSync } from 'node:fs'
import { asc } from 'drizzle-orm'
import type { GaugeStore } from '../storage/gauges.ts'
import type { SqliteContext } from './context.ts'
import { appStats } from './schema.ts'

/** Bytes of the file at `path`, 0 when there is none (a WAL checkpointed away). */
function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

export function sqliteGauges(db: SqliteContext): GaugeStore {
  const sqlite = db.sqlite
  const waiting = sqlite.prepare<{ n: number }, []>(
    `SELECT (SELECT count(*) FROM webhook_outbox) + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS n`,
  )
  const files = sqlite.prepare<{ n: number; bytes: number }, []>(
    'SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM files',
  )
  const mainFile = sqlite.prepare<{ file: string }, []>(`SELECT file FROM pragma_database_list WHERE name = 'main'`)
  const pages = sqlite.prepare<{ bytes: number }, []>(
    'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()',
  )
  return {
    async read() {
      const stored = files.get()!
      const path = mainFile.get()?.file ?? ''
      const databaseBytes = path ? fileSize(path) + fileSize(`${path}-wal`) : pages.get()!.bytes
      return { outboxDepth: waiting.get()!.n, files: stored.n, fileBytes: stored.bytes, databaseBytes }
    },

    async perApp(limit) {
      return db.db
        .select({ appId: appStats.appId, records: appStats.kept, spam: appStats.spam })
        .from(appStats)
        .orderBy(asc(appStats.appId))
        .limit(limit)
        .all()
    },
  }
}
