/**
 * @module The app_stats statements the SQLite record and stats stores share: reading an
 * app's counters (one primary-key read) and making a missing counters row. Every app gets
 * its row when it is made; should one be missing, it is made from the app's records, so
 * numbering carries on after the records already stored.
 */
import type { Statement } from 'bun:sqlite'
import type { Counters, StatsRecord } from '../storage/stats.ts'
import type { Store } from './connection.ts'

/** The counters with the last serial and the first and last record time, as the group commit needs them. */
export interface CounterRow extends Counters {
  serial: number
  firstAt: number | null
  lastAt: number | null
}

interface Statements {
  select: Statement<CounterRow, [{ appId: string }]>
  document: Statement<StatsRecord, [{ appId: string }]>
  recount: Statement<unknown, [{ appId: string; now: number }]>
}

const prepared = new WeakMap<Store, Statements>()

/** The statements of `store`, compiled on first use. */
export function appStatsStatements(store: Store): Statements {
  let statements = prepared.get(store)
  if (!statements) {
    statements = {
      select: store.sqlite.prepare(
        'SELECT seq, serial, kept, spam, generation, first_at AS firstAt, last_at AS lastAt FROM app_stats WHERE app_id = $appId',
      ),
      document: store.sqlite.prepare(
        'SELECT seq, kept, spam, generation, first_at AS firstAt, last_at AS lastAt, aggregates AS document FROM app_stats WHERE app_id = $appId',
      ),
      // Only for an existing app; the aggregates document is left to be rebuilt on first read.
      recount: store.sqlite.prepare(
        `INSERT INTO app_stats (app_id, seq, serial, kept, spam, first_at, last_at, aggregates, updated_at)
         SELECT a.id, COALESCE(MAX(r.seq), 0), COALESCE(MAX(r.serial), 0), COALESCE(MAX(r.pos), 0), COALESCE(SUM(r.spam), 0), MIN(r.created_at), MAX(r.created_at), '{}', $now
         FROM apps a LEFT JOIN records r ON r.app_id = a.id WHERE a.id = $appId GROUP BY a.id
         ON CONFLICT (app_id) DO NOTHING`,
      ),
    }
    prepared.set(store, statements)
  }
  return statements
}

/**
 * The app's counters row, made if missing; undefined when the app does not exist. Call
 * inside a write transaction when the answer decides numbering.
 */
export function countersOf(store: Store, appId: string, now: number): CounterRow | undefined {
  const statements = appStatsStatements(store)
  const row = statements.select.get({ appId })
  if (row) return row
  statements.recount.run({ appId, now })
  return statements.select.get({ appId }) ?? undefined
}
