/**
 * @module The group commit on SQLite. The jobs of a group are written in one IMMEDIATE
 * transaction (the write lock is SQLite's one lock, so counters read inside it decide the
 * numbering): per job, the app's counters, its missing fields (the limit and the proposal
 * caps counted against the table there), the records numbered densely after the counters
 * (and given the next serials); then one multi-row INSERT pass for every row
 * (record-insert.ts) and one counters UPDATE per app.
 *
 * Durability (wal-sync.ts): with SVC_SYNC=full the commit skips SQLite's own fsync and the
 * WAL is synced off the event loop; the group's `durable` settles when that sync returns.
 * After a failed sync nothing more is written (every job is `unavailable`). The live
 * streams hear of the group's apps (`db.appends`) only once it is durable, and until then
 * `lastSerial` answers the serial before it (durable-serials.ts): a stream never sends a
 * record a power loss could take back, whose serial would then be handed out again.
 *
 * A job's records claim the pending files they name (file-claims.ts): checked before the job
 * writes anything, attached once it is sure to be written; a file missing refuses the job alone.
 *
 * A job's idempotency key is looked up before it writes anything and stored with its
 * records' ids in the same transaction (idempotency.ts): a retry finds it, never a gap.
 *
 * A job's limits (storage/job-limits.ts) are checked before it writes anything, against the
 * counters and records the write lock keeps still: `closeAfter` against the counters as the
 * group moves them, the unique field's values against the app's stored non-spam records (a
 * scan of the app's records: json_extract cannot be indexed for a field chosen at run time).
 *
 * A job flagged `webhooks` writes its non-spam records' `record.created` outbox rows in the
 * same transaction (webhooks.ts), after the records: one per batch of the group's records of
 * an app (storage/outbox-batch.ts) and subscription.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { fieldTally } from '../storage/field-tally.ts'
import { batchersByApp, createdJson } from '../storage/outbox-batch.ts'
import type { CommittedGroup, JobResult, RecordJob } from '../storage/records.ts'
import { countersOf, type CounterRow } from './app-stats.ts'
import type { DurableSerials } from './durable-serials.ts'
import type { SqliteContext } from './context.ts'
import { sqliteFileClaims } from './file-claims.ts'
import { sqliteIdempotency } from './idempotency.ts'
import { inImmediateTransaction } from './immediate.ts'
import { insertRecordRows, type RecordRow } from './record-insert.ts'
import { fields } from './schema.ts'
import { sqliteUnlistedNotes } from './unlisted-keys.ts'
import { sqliteOutbox } from './outbox.ts'
import { groupUniques, placesRefusal, uniqueValuesOf } from '../storage/job-limits.ts'
import { pathTo } from './json-path.ts'

const statements = (db: SqliteContext) => {
  const p = sql.placeholder
  return {
    fieldFacts: db.db
      .select({
        name: fields.name,
        position: fields.position,
        proposed: fields.proposed,
        proposedBy: fields.proposedBy,
        createdAt: fields.createdAt,
      })
      .from(fields)
      .where(eq(fields.appId, p('appId')))
      .orderBy(asc(fields.position))
      .prepare(),
    insertField: db.db
      .insert(fields)
      .values({
        id: p('id'),
        appId: p('appId'),
        name: p('name'),
        type: p('type'),
        label: '',
        required: false,
        options: null,
        settings: null,
        position: p('position'),
        autoCreated: true,
        proposed: p('proposed'),
        proposedBy: p('proposedBy'),
        createdAt: p('now'),
        updatedAt: p('now'),
      })
      .prepare(),
    updateCounters: db.sqlite.prepare<
      unknown,
      [
        {
          appId: string
          seq: number
          serial: number
          kept: number
          spam: number
          firstAt: number | null
          lastAt: number | null
          now: number
        },
      ]
    >(
      'UPDATE app_stats SET seq = $seq, serial = $serial, kept = $kept, spam = $spam, first_at = $firstAt, last_at = $lastAt, updated_at = $now WHERE app_id = $appId',
    ),
  }
}

/** The counters of an app as the group moves them (`before`: its serial before the group), and whether a job of this group took numbers. */
type Touched = CounterRow & { changed: boolean; before: number }

/** The group commit of the SQLite record store; `serials` learns what each group appends and when it is durable. */
export function sqliteCommitGroup(
  db: SqliteContext,
  serials: DurableSerials,
): (jobs: RecordJob[], maxFields: number) => Promise<CommittedGroup> {
  // Long: one group commit, its steps in the order one transaction runs them.
  // Prepared with the first commit: drizzle's query building is a few ms a server start need not pay.
  let prepared: ReturnType<typeof statements> | undefined
  const sqls = () => (prepared ??= statements(db))
  const keys = sqliteIdempotency(db)
  const outbox = sqliteOutbox(db)
  const unlisted = sqliteUnlistedNotes(db)
  const fileClaims = sqliteFileClaims(db)

  /** Whether a non-spam record of the app already gives one of `values` for the job's unique field. */
  function storedBefore(job: RecordJob): boolean {
    const unique = job.limits?.unique
    const values = uniqueValuesOf(job)
    if (!unique || values.length === 0) return false
    const stored = `trim(CAST(json_extract(data, ?) AS TEXT))`
    const compared = unique.folded ? `lower(${stored})` : stored
    // query() keeps the statement: one per comparison and count of values.
    const found = db.sqlite
      .query<unknown, string[]>(
        `SELECT 1 FROM records WHERE app_id = ? AND spam = 0 AND ${compared} IN (${values.map(() => '?').join(', ')}) LIMIT 1`,
      )
      .get(job.appId, pathTo(unique.field), ...values)
    return found !== null
  }

  /**
   * Creates the job's missing fields (accepted, or proposed for an anonymous job), counting
   * the limit and the proposal caps against the table inside the transaction
   * (storage/field-tally.ts), and notes a stranger's keys past the budgets in the catalogue
   * of unlisted keys (unlisted-keys.ts); a refusal, or whether fields were made and the
   * keys past the catalogue (counted in no aggregate).
   */
  function createFields(job: RecordJob, maxFields: number): JobResult | { created: boolean; uncounted: string[] } {
    if (job.newFields.length === 0) return { created: false, uncounted: [] }
    const taken = fieldTally(sqls().fieldFacts.all({ appId: job.appId })).take(job, maxFields)
    if ('ok' in taken) return taken
    const { made } = taken
    // A verified sender's keys past the field limit are not catalogued (storage/field-tally.ts).
    const uncounted = job.proposal
      ? unlisted.note(job.appId, taken.unlisted, job.createdAt, job.proposal.maxUnlisted)
      : taken.unlisted
    if (made.length > 0)
      unlisted.forget(
        job.appId,
        made.map((field) => field.name),
      )
    for (const field of made) {
      sqls().insertField.run({
        id: field.id,
        appId: job.appId,
        name: field.name,
        type: field.type,
        position: field.position,
        proposed: field.proposedBy !== null,
        proposedBy: field.proposedBy,
        now: field.createdAt,
      })
    }
    return { created: made.length > 0, uncounted }
  }

  /** Numbers the job's records after `counters` into `rows` and moves the counters on. */
  function numberRecords(job: RecordJob, counters: Touched, rows: RecordRow[]): { firstSeq: number; firstPos: number } {
    const numbers = { firstSeq: counters.seq + 1, firstPos: counters.kept + 1 }
    for (const record of job.records) {
      counters.seq++
      counters.serial++
      if (record.spam) counters.spam++
      else counters.kept++
      rows.push([
        record.id,
        job.appId,
        counters.seq,
        record.spam ? null : counters.kept,
        counters.serial,
        record.spam ? 1 : 0,
        record.data,
        record.meta,
        record.scores,
        job.createdAt,
      ])
    }
    if (job.records.length > 0) {
      counters.firstAt = counters.firstAt === null ? job.createdAt : Math.min(counters.firstAt, job.createdAt)
      counters.lastAt = counters.lastAt === null ? job.createdAt : Math.max(counters.lastAt, job.createdAt)
      counters.changed = true
    }
    return numbers
  }

  /**
   * Writes the jobs inside the transaction. Expected refusals (field limit, a file no longer
   * pending, deleted app) are found before a job writes anything, so they fail that job alone
   * without a savepoint; any other error rolls back the whole group and is thrown.
   */
  function write(
    jobs: RecordJob[],
    maxFields: number,
  ): { results: JobResult[]; fieldsChanged: Set<string>; appended: Map<string, { before: number; after: number }> } {
    const results: JobResult[] = []
    const fieldsChanged = new Set<string>()
    const touched = new Map<string, Touched>()
    const rows: RecordRow[] = []
    const events = batchersByApp()
    const uniques = groupUniques()
    const now = db.now()
    for (const job of jobs) {
      let counters = touched.get(job.appId)
      if (!counters) {
        const row = countersOf(db, job.appId, now)
        if (!row) {
          results.push({ ok: false, reason: 'not_found' })
          continue
        }
        counters = { ...row, changed: false, before: row.serial }
        touched.set(job.appId, counters)
      }
      const earlier = job.idempotency ? keys.earlier(job.appId, job.idempotency) : null
      if (earlier) {
        results.push(earlier)
        continue
      }
      const limited = job.limits ? (placesRefusal(job, counters.kept) ?? uniques.take(job, storedBefore(job))) : null
      if (limited) {
        results.push(limited)
        continue
      }
      const missing = fileClaims.check(job)
      if (missing) {
        results.push(missing)
        continue
      }
      const fieldsMade = createFields(job, maxFields)
      if ('ok' in fieldsMade) {
        results.push(fieldsMade)
        continue
      }
      fileClaims.claim(job)
      if (fieldsMade.created) fieldsChanged.add(job.appId)
      const { firstSeq, firstPos } = numberRecords(job, counters, rows)
      if (job.webhooks) {
        const batches = events.of(job.appId)
        const at = new Date(job.createdAt).toISOString()
        for (const record of job.records)
          if (!record.spam) batches.add(record.id, createdJson(record.id, at, record.data))
      }
      if (job.idempotency)
        keys.save(
          job.appId,
          job.idempotency,
          job.records.map((record) => record.id),
          job.createdAt,
        )
      results.push({
        ok: true,
        firstSeq,
        firstPos,
        generation: counters.generation,
        fieldsCreated: fieldsMade.created,
        uncounted: fieldsMade.uncounted,
      })
    }
    insertRecordRows(db, rows)
    for (const [appId, batches] of events.done()) {
      for (const batch of batches)
        outbox({
          appId,
          event: 'record.created',
          idPrefix: `msg_${batch.firstId}_`,
          subject: batch.firstId,
          payload: batch.payload,
          records: batch.records,
          now,
        })
    }
    const appended = new Map<string, { before: number; after: number }>()
    for (const [appId, counters] of touched) {
      if (!counters.changed) continue
      appended.set(appId, { before: counters.before, after: counters.serial })
      sqls().updateCounters.run({
        appId,
        seq: counters.seq,
        serial: counters.serial,
        kept: counters.kept,
        spam: counters.spam,
        firstAt: counters.firstAt,
        lastAt: counters.lastAt,
        now,
      })
    }
    return { results, fieldsChanged, appended }
  }

  return async (jobs, maxFields) => {
    const wal = db.wal
    const failure = wal.failure
    if (failure)
      return {
        results: jobs.map(() => ({ ok: false, reason: 'unavailable', message: failure.message })),
        durable: Promise.resolve(failure.message),
      }
    const { results, fieldsChanged, appended } = wal.relaxed(() =>
      inImmediateTransaction(db, () => write(jobs, maxFields)),
    )
    for (const appId of fieldsChanged) db.changes.emit(appId, 'fields')
    if (!results.some((result) => result.ok)) return { results, durable: Promise.resolve(null) }
    db.checkpoints.afterWrite()
    const group = serials.committed(appended)
    // Durable once the WAL holding the commit is synced (at once when nothing is deferred).
    const durable = new Promise<string | null>((resolve) =>
      wal.afterCommit((error) => {
        // After a failed sync the records are not acknowledged, and no stream is told of them.
        if (!error) for (const [appId, serial] of serials.durable(group)) db.appends.emit(appId, serial)
        resolve(error ? error.message : null)
      }),
    )
    return { results, durable }
  }
}
