/**
 * @module StatsStore on SQLite (see storage/stats.ts): the counters by primary key, the
 * aggregates document written behind with a conditional UPDATE, and the locked recount.
 */
import type { StatsStore } from '../storage/stats.ts'
import { appStatsStatements, countersOf } from './app-stats.ts'
import type { SqliteContext } from './context.ts'
import { inImmediateTransaction } from './immediate.ts'
import { recordStatements } from './record-reads.ts'
import { eachStatsBatch } from './batch-reader.ts'

/** The stats store over the open SQLite database. */
export function sqliteStats(db: SqliteContext): StatsStore {
  const counters: StatsStore['counters'] = async (appId) => {
    const row = recordStatements(db).counts.get({ appId })
    if (row) return row
    // A missing counters row of an existing app is made from its records (app-stats.ts).
    const made = inImmediateTransaction(db, () => countersOf(db, appId, db.now()))
    return made ? { seq: made.seq, kept: made.kept, spam: made.spam, generation: made.generation } : null
  }
  // The stored document's own seq is read from its JSON: only a document covering no more is replaced.
  const saveDocument = db.sqlite.prepare<
    unknown,
    [{ appId: string; generation: number; seq: number; document: string; now: number }]
  >(
    `UPDATE app_stats SET aggregates = $document, updated_at = $now
     WHERE app_id = $appId AND generation = $generation
       AND (NOT json_valid(aggregates) OR json_type(aggregates, '$.seq') IS NOT 'integer' OR json_extract(aggregates, '$.seq') <= $seq)`,
  )
  const storeRebuilt = db.sqlite.prepare<
    unknown,
    [
      {
        appId: string
        seq: number
        kept: number
        spam: number
        firstAt: number | null
        lastAt: number | null
        document: string
        now: number
      },
    ]
  >(
    `UPDATE app_stats SET seq = $seq, kept = $kept, spam = $spam, first_at = $firstAt, last_at = $lastAt, aggregates = $document,
       generation = generation + 1, updated_at = $now WHERE app_id = $appId`,
  )
  return {
    counters,

    async load(appId) {
      const row = appStatsStatements(db).document.get({ appId })
      if (row) return row
      if (!(await counters(appId))) return null
      return appStatsStatements(db).document.get({ appId }) ?? null
    },

    async saveDocument(appId, generation, seq, document) {
      // Not a promise to a client: the commit need not wait for a sync (the next group's sync
      // covers it; a lost document is rebuilt from the records).
      const { changes } = db.wal.relaxed(() => saveDocument.run({ appId, generation, seq, document, now: db.now() }))
      if (changes > 0) db.checkpoints.afterWrite()
      return changes > 0
    },

    async rebuild(appId, rebuilder) {
      return inImmediateTransaction(db, () => {
        const counters = countersOf(db, appId, db.now())
        if (!counters) return null
        // In batches within the rebuilder's rows and bytes: a recount follows every rescore.
        eachStatsBatch(db, appId, 1, rebuilder.budget, (rows) => rebuilder.add(rows))
        const result = rebuilder.finish()
        storeRebuilt.run({ appId, ...result, now: db.now() })
        return { seq: result.seq, kept: result.kept, spam: result.spam, generation: counters.generation + 1 }
      })
    },
  }
}
