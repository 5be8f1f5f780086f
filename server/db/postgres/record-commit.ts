/**
 * @module The group commit on PostgreSQL. Per app, in sorted id order (so two processes
 * committing groups for the same apps take the counters rows' locks in one order and never
 * deadlock), ONE statement bumps the app's counters row (`UPDATE … RETURNING`, which locks
 * it until the commit) and inserts the records numbered densely after the old values, from
 * arrays (`unnest … WITH ORDINALITY`): numbering is dense and in commit order across every
 * process, since the next transaction for the app waits for the row and then sees the new
 * counters. A group of one app whose jobs create no field is that one statement alone,
 * committed on its own (one round trip); otherwise one transaction holds them all, and
 * the fields a job creates are counted against the limit after the counters row is locked
 * (`SELECT … FOR UPDATE`), so concurrent submissions from any process cannot pass it.
 *
 * A group with idempotency keys takes the transaction too: the counters row is locked, then
 * each key claimed (idempotency.ts) before anything else of its job is written.
 *
 * Acknowledged only after COMMIT returned: every connection has synchronous_commit=on.
 */
import { sql } from 'drizzle-orm'
import type { CommittedGroup, JobResult, RecordJob } from '../storage/records.ts'
import type { PgDb } from './connection.ts'
import type { PgContext } from './context.ts'
import { claimKeys, releaseKeys } from './idempotency.ts'

/** The pool or a transaction on it. */
type Exec = Pick<PgDb, 'execute'>

const rowsOf = async <Row>(exec: Exec, query: ReturnType<typeof sql>): Promise<Row[]> => (await exec.execute(query)) as unknown as Row[]

/**
 * Numbers and inserts the records of `jobs` (all of one app) after its counters, and moves
 * the counters on, in one statement; sets each job's result. No row: the app is gone.
 */
async function insertForApp(exec: Exec, now: number, appId: string, jobs: Array<{ job: RecordJob; index: number; fieldsCreated: boolean }>, results: JobResult[]): Promise<void> {
  const ids: string[] = []
  const posOffsets: Array<number | null> = []
  const data: string[] = []
  const meta: string[] = []
  const scores: Array<string | null> = []
  const createdAt: number[] = []
  const starts: Array<{ seq: number; pos: number }> = []
  let kept = 0
  for (const { job } of jobs) {
    starts.push({ seq: ids.length, pos: kept })
    for (const record of job.records) {
      ids.push(record.id)
      posOffsets.push(record.spam ? null : ++kept)
      data.push(record.data)
      meta.push(record.meta)
      scores.push(record.scores)
      createdAt.push(job.createdAt)
    }
  }
  const count = ids.length
  const spam = count - kept
  // A job's records share its time: the bounds come from the jobs (a spread over every record could exceed the engine's argument limit).
  const times = jobs.filter(({ job }) => job.records.length > 0).map(({ job }) => job.createdAt)
  const first = count > 0 ? times.reduce((a, b) => Math.min(a, b)) : null
  const last = count > 0 ? times.reduce((a, b) => Math.max(a, b)) : null
  const [row] = await rowsOf<{ seq0: number; kept0: number; generation: number }>(
    exec,
    count === 0
      ? sql`SELECT seq AS seq0, kept AS kept0, generation FROM app_stats WHERE app_id = ${appId}`
      : sql`WITH c AS (
          UPDATE app_stats SET seq = seq + ${count}::int, kept = kept + ${kept}::int, spam = spam + ${spam}::int,
            first_at = LEAST(COALESCE(first_at, ${first}::bigint), ${first}::bigint),
            last_at = GREATEST(COALESCE(last_at, ${last}::bigint), ${last}::bigint), updated_at = ${now}::bigint
          WHERE app_id = ${appId}
          RETURNING seq - ${count}::int AS seq0, kept - ${kept}::int AS kept0, generation
        ), inserted AS (
          INSERT INTO records (id, app_id, seq, pos, spam, data, meta, scores, created_at)
          SELECT r.id, ${appId}, c.seq0 + r.ord, c.kept0 + r.pos_offset, r.pos_offset IS NULL, r.data, r.meta, r.scores, r.created_at
          FROM c CROSS JOIN unnest(${sql.param(ids)}::text[], ${sql.param(posOffsets)}::int[], ${sql.param(data)}::text[], ${sql.param(meta)}::text[],
            ${sql.param(scores)}::text[], ${sql.param(createdAt)}::bigint[]) WITH ORDINALITY AS r(id, pos_offset, data, meta, scores, created_at, ord)
        )
        SELECT seq0, kept0, generation FROM c`,
  )
  jobs.forEach(({ index, fieldsCreated }, at) => {
    results[index] = row
      ? { ok: true, firstSeq: row.seq0 + starts[at].seq + 1, firstPos: row.kept0 + starts[at].pos + 1, generation: row.generation, fieldsCreated }
      : { ok: false, reason: 'not_found' }
  })
}

/** Locks the app's counters row until the commit; false when the app is gone. */
async function lockCounters(exec: Exec, appId: string): Promise<boolean> {
  return (await rowsOf<{ seq: number }>(exec, sql`SELECT seq FROM app_stats WHERE app_id = ${appId} FOR UPDATE`)).length > 0
}

/**
 * Locks the app's counters row, then counts its fields and makes each job's missing ones
 * while the limit holds; refused jobs get their result. The accepted jobs, or null when
 * the app is gone.
 */
async function createFields(
  exec: Exec,
  appId: string,
  jobs: Array<{ job: RecordJob; index: number }>,
  maxFields: number,
  results: JobResult[],
): Promise<{ accepted: Array<{ job: RecordJob; index: number; fieldsCreated: boolean }>; created: boolean } | null> {
  if (!(await lockCounters(exec, appId))) return null
  const existing = await rowsOf<{ name: string; position: number }>(exec, sql`SELECT name, position FROM fields WHERE app_id = ${appId}`)
  const names = new Set(existing.map((row) => row.name))
  let position = existing.reduce((max, row) => Math.max(max, row.position), -1)
  const made: Array<{ id: string; name: string; type: string; position: number; createdAt: number }> = []
  const accepted: Array<{ job: RecordJob; index: number; fieldsCreated: boolean }> = []
  for (const { job, index } of jobs) {
    const missing = job.newFields.filter((field) => !names.has(field.name))
    if (names.size + missing.length > maxFields) {
      results[index] = { ok: false, reason: 'field_limit', names: missing.map((field) => field.name), existing: names.size }
      continue
    }
    for (const field of missing) {
      names.add(field.name)
      made.push({ id: field.id, name: field.name, type: field.type, position: ++position, createdAt: job.createdAt })
    }
    accepted.push({ job, index, fieldsCreated: missing.length > 0 })
  }
  if (made.length > 0) {
    await exec.execute(sql`INSERT INTO fields (id, app_id, name, type, label, required, options, position, auto_created, created_at, updated_at)
      SELECT f.id, ${appId}, f.name, f.type, '', false, NULL, f.position, true, f.created_at, f.created_at
      FROM unnest(${sql.param(made.map((f) => f.id))}::text[], ${sql.param(made.map((f) => f.name))}::text[], ${sql.param(made.map((f) => f.type))}::text[],
        ${sql.param(made.map((f) => f.position))}::int[], ${sql.param(made.map((f) => f.createdAt))}::bigint[]) AS f(id, name, type, position, created_at)`)
  }
  return { accepted, created: made.length > 0 }
}

/** The group commit of the PostgreSQL record store. */
export function postgresCommitGroup(db: PgContext): (jobs: RecordJob[], maxFields: number) => Promise<CommittedGroup> {
  return async (jobs, maxFields) => {
    const results: JobResult[] = new Array(jobs.length)
    const byApp = new Map<string, Array<{ job: RecordJob; index: number }>>()
    jobs.forEach((job, index) => {
      const list = byApp.get(job.appId)
      if (list) list.push({ job, index })
      else byApp.set(job.appId, [{ job, index }])
    })
    const now = db.now()
    const makesFields = jobs.some((job) => job.newFields.length > 0)
    const keyed = jobs.some((job) => job.idempotency)
    if (byApp.size === 1 && !makesFields && !keyed) {
      // The common case: one statement, its own transaction.
      const [[appId, list]] = byApp
      await insertForApp(db.db, now, appId, list.map((entry) => ({ ...entry, fieldsCreated: false })), results)
    } else {
      await db.changes.transaction(db.db, async (tx, changed) => {
        for (const appId of [...byApp.keys()].sort()) {
          let list = byApp.get(appId)!
          if (list.some(({ job }) => job.idempotency)) {
            if (!(await lockCounters(tx, appId))) {
              for (const { index } of list) results[index] = { ok: false, reason: 'not_found' }
              continue
            }
            list = await claimKeys(tx, appId, list, results)
          }
          let accepted = list.map((entry) => ({ ...entry, fieldsCreated: false }))
          if (list.some(({ job }) => job.newFields.length > 0)) {
            const made = await createFields(tx, appId, list, maxFields, results)
            if (!made) {
              for (const { index } of list) results[index] = { ok: false, reason: 'not_found' }
              continue
            }
            if (made.created) changed(appId, 'fields')
            accepted = made.accepted
            const kept = new Set(accepted.map(({ index }) => index))
            await releaseKeys(tx, appId, list.filter(({ index }) => !kept.has(index)).map(({ job }) => job))
          }
          if (accepted.length > 0) await insertForApp(tx, now, appId, accepted, results)
        }
      })
    }
    return { results, durable: Promise.resolve(null) }
  }
}
