/**
 * @module StatsStore on PostgreSQL (see storage/stats.ts): the counters by primary key on
 * the raw pool, the aggregates document written behind with a conditional UPDATE (same
 * generation, never a document covering fewer records over one covering more), and the
 * recount under the counters row's lock.
 */
import { sql } from 'drizzle-orm'
import type { Counters, StatsRecord, StatsStore } from '../storage/stats.ts'
import type { PgContext } from './context.ts'
import { eachStatsBatch } from './stats-batches.ts'

const COUNTERS = 'SELECT seq, kept, spam, generation FROM app_stats WHERE app_id = $1'
const LOAD =
  'SELECT seq, kept, spam, generation, first_at::float8 AS "firstAt", last_at::float8 AS "lastAt", aggregates AS document FROM app_stats WHERE app_id = $1'
// Only for an existing app whose row is missing: made from its records.
const RECOUNT = `INSERT INTO app_stats (app_id, seq, serial, kept, spam, first_at, last_at, aggregates, updated_at)
  SELECT a.id, COALESCE(MAX(r.seq), 0), COALESCE(MAX(r.serial), 0), COALESCE(MAX(r.pos), 0), COUNT(r.id) FILTER (WHERE r.spam), MIN(r.created_at), MAX(r.created_at), '{}', $2
  FROM apps a LEFT JOIN records r ON r.app_id = a.id WHERE a.id = $1 GROUP BY a.id
  ON CONFLICT (app_id) DO NOTHING`
const SAVE = `UPDATE app_stats SET aggregates = $4, updated_at = $5
  WHERE app_id = $1 AND generation = $2
    AND (json_typeof(aggregates::json -> 'seq') IS DISTINCT FROM 'number' OR (aggregates::json ->> 'seq')::numeric <= $3)`

/** The stats store over the PostgreSQL pool. */
export function postgresStats(db: PgContext): StatsStore {
  const query = <Row>(text: string, params: unknown[]): Promise<Row[]> =>
    db.client.unsafe(text, params) as Promise<Row[]>

  /** The row, made first if the app exists without one. */
  async function read<Row>(text: string, appId: string): Promise<Row | null> {
    const [row] = await query<Row>(text, [appId])
    if (row) return row
    await query(RECOUNT, [appId, db.now()])
    const [made] = await query<Row>(text, [appId])
    return made ?? null
  }

  return {
    counters: (appId) => read<Counters>(COUNTERS, appId),

    load: (appId) => read<StatsRecord>(LOAD, appId),

    async saveDocument(appId, generation, seq, document) {
      const result = (await db.client.unsafe(SAVE, [appId, generation, seq, document, db.now()])) as unknown as {
        count: number
      }
      return result.count > 0
    },

    async rebuild(appId, rebuilder) {
      return db.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO app_stats (app_id, aggregates, updated_at) SELECT id, '{}', ${db.now()} FROM apps WHERE id = ${appId} ON CONFLICT (app_id) DO NOTHING`,
        )
        const [locked] = (await tx.execute(
          sql`SELECT generation FROM app_stats WHERE app_id = ${appId} FOR UPDATE`,
        )) as unknown as Array<{ generation: number }>
        if (!locked) return null
        // In batches within the rebuilder's rows and bytes: a recount follows every rescore.
        await eachStatsBatch(tx, appId, 1, rebuilder.budget, (rows) => rebuilder.add(rows))
        const result = rebuilder.finish()
        await tx.execute(sql`UPDATE app_stats SET seq = ${result.seq}, kept = ${result.kept}, spam = ${result.spam}, first_at = ${result.firstAt}, last_at = ${result.lastAt},
          aggregates = ${result.document}, generation = generation + 1, updated_at = ${db.now()} WHERE app_id = ${appId}`)
        return { seq: result.seq, kept: result.kept, spam: result.spam, generation: locked.generation + 1 }
      })
    },
  }
}
