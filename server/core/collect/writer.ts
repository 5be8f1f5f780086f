/**
 * @module Group commit. Records accepted during one event-loop turn — or, with SVC_SYNC=full,
 * while the previous group's WAL sync runs off the event loop (server/db/sqlite/wal-sync.ts) —
 * are written in one IMMEDIATE transaction, and each request is answered only once that
 * commit is on disk, so every acknowledged record is durable. A submission refused
 * inside the group (the field limit reached by an earlier one, a vanished app) fails alone;
 * if the database fails the group, each submission is retried in its own transaction so
 * only the culprit gets the error. Auto-created fields are made in
 * the same transaction, with the limit counted there, so concurrent submissions can never
 * create more than the limit.
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { inImmediateTransaction } from '../../db/sqlite/immediate.ts'
import { insertRecordRows, type RecordRow } from '../../db/sqlite/record-insert.ts'
import { fields } from '../../db/sqlite/schema.ts'
import { AppError } from '../errors.ts'
import { newId } from '../ids.ts'
import { LIMITS } from '../limits.ts'
import { loadScoringDefinition } from '../scoring/definition.ts'
import { scoreRecord, type RecordScores, type ScoringDefinition } from '../scoring/score.ts'
import { addRecord } from '../stats/aggregate.ts'
import { forgetStats, loadStatsSync, persistAllStats, saveStats, type StatsState } from '../stats/state.ts'
import { fieldLimit, type NewField, type PreparedRecord } from './prepare.ts'

interface Job {
  appId: string
  records: PreparedRecord[]
  /** New keys across the job's records, first type seen wins. */
  newFields: NewField[]
  createdAt: number
  /** How the app scores; null while it is being read (the commit itself cannot wait for a read). */
  definition: ScoringDefinition | null
  resolve(ids: string[]): void
  reject(error: unknown): void
}

export interface Writer {
  /** Queues the records of one submission (one record, or a whole batch) and resolves with their ids after commit. */
  write(appId: string, records: PreparedRecord[]): Promise<string[]>
  /** Writes whatever is queued, once the scoring definitions it needs are read (used at shutdown). */
  flush(): Promise<void>
}

const statements = (ctx: AppContext) => {
  const db = ctx.store.db
  const p = sql.placeholder
  return {
    fieldNames: db.select({ name: fields.name, position: fields.position }).from(fields).where(eq(fields.appId, p('appId'))).orderBy(asc(fields.position)).prepare(),
    insertField: db
      .insert(fields)
      .values({ id: p('id'), appId: p('appId'), name: p('name'), type: p('type'), label: '', required: false, options: null, position: p('position'), autoCreated: true, createdAt: p('now'), updatedAt: p('now') })
      .prepare(),
  }
}

const writers = new WeakMap<AppContext, Writer>()

/** 503 for a submission whose commit could not be confirmed on disk. */
const notDurable = (error: Error) =>
  new AppError(503, 'storage_unavailable', `The server could not confirm that the record was saved to disk, so it is not acknowledged; try again later (the operator should check the disk and restart svc): ${error.message}`)

/** The context's writer, made on first use; it flushes its queue at shutdown. */
export function writerOf(ctx: AppContext): Writer {
  let writer = writers.get(ctx)
  if (!writer) {
    writer = createWriter(ctx)
    writers.set(ctx, writer)
    ctx.onShutdown(async () => {
      await writer!.flush()
      await persistAllStats(ctx)
    })
  }
  return writer
}

/** The stored meta text; most records have none, and `{}` needs no serialising. */
const metaText = (meta: PreparedRecord['meta']) => (meta.source === undefined && meta.timestamp === undefined ? '{}' : JSON.stringify(meta))

function unionNewFields(prepared: PreparedRecord[]): NewField[] {
  const seen = new Map<string, NewField>()
  for (const record of prepared) for (const field of record.newFields) if (!seen.has(field.name)) seen.set(field.name, field)
  return [...seen.values()]
}

function createWriter(ctx: AppContext): Writer {
  let prepared: ReturnType<typeof statements> | null = null
  const sqls = { get fieldNames() { return (prepared ??= statements(ctx)).fieldNames }, get insertField() { return (prepared ??= statements(ctx)).insertField } }
  let queue: Job[] = []
  let scheduled = false
  /** Scoring definitions being read for queued jobs. */
  const loading = new Set<Promise<void>>()

  function schedule(): void {
    if (!scheduled) {
      scheduled = true
      ctx.store.wal.whenIdle(flush)
    }
  }

  /** Creates the job's missing fields, counting the limit against the table inside the transaction. */
  function createFields(job: Job): boolean {
    if (job.newFields.length === 0) return false
    const existing = sqls.fieldNames.all({ appId: job.appId })
    const names = new Set(existing.map((row) => row.name))
    const missing = job.newFields.filter((field) => !names.has(field.name))
    if (missing.length === 0) return false
    if (existing.length + missing.length > LIMITS.maxFields) throw fieldLimit(missing.map((f) => f.name), existing.length)
    let position = existing.reduce((max, row) => Math.max(max, row.position), -1)
    for (const field of missing) {
      sqls.insertField.run({ id: newId(), appId: job.appId, name: field.name, type: field.type, position: ++position, now: job.createdAt })
    }
    return true
  }

  /** Numbers the job's records after `state` into `rows`; returns the ids and the counters to adopt on success. */
  function numberRecords(job: Job, state: StatsState, rows: RecordRow[]): { ids: string[]; seq: number; pos: number; spam: number; scores: Array<RecordScores | null> } {
    let { seq, pos, spamCount: spam } = state
    const ids: string[] = []
    const definition = job.definition!
    const scores = job.records.map((record) => (definition.scales.length === 0 ? null : scoreRecord(definition, record.data)))
    for (const [index, record] of job.records.entries()) {
      const id = newId()
      seq++
      if (record.spam) spam++
      else pos++
      const score = scores[index]
      rows.push([
        id,
        job.appId,
        seq,
        record.spam ? null : pos,
        record.spam ? 1 : 0,
        JSON.stringify(record.data),
        metaText(record.meta),
        score === null ? null : JSON.stringify(score),
        job.createdAt,
      ])
      ids.push(id)
    }
    return { ids, seq, pos, spam, scores }
  }

  interface Outcome {
    done: Array<{ job: Job; ids: string[] }>
    failed: Array<{ job: Job; error: AppError }>
    fieldsChanged: Set<string>
  }

  /**
   * Writes the jobs in one IMMEDIATE transaction. Expected refusals (field limit, deleted
   * app) are found before a job writes anything, so they fail that job alone without a
   * savepoint; any other error rolls back the whole group and is thrown.
   */
  function commitGroup(jobs: Job[]): Outcome {
    const outcome: Outcome = { done: [], failed: [], fieldsChanged: new Set() }
    const touched = new Map<string, StatsState>()
    const rows: RecordRow[] = []
    try {
      inImmediateTransaction(ctx.store, () => {
          for (const job of jobs) {
            let state: StatsState
            try {
              const loaded = loadStatsSync(ctx, job.appId)
              if (!loaded) throw new AppError(404, 'not_found', 'Endpoint not found: the form was deleted')
              state = loaded
              if (createFields(job)) outcome.fieldsChanged.add(job.appId)
            } catch (error) {
              if (!(error instanceof AppError)) throw error
              outcome.failed.push({ job, error })
              continue
            }
            const result = numberRecords(job, state, rows)
            state.seq = result.seq
            state.pos = result.pos
            state.spamCount = result.spam
            for (const [index, record] of job.records.entries()) addRecord(record.spam ? state.spam : state.kept, record.data, job.createdAt, result.scores[index])
            touched.set(job.appId, state)
            outcome.done.push({ job, ids: result.ids })
          }
          insertRecordRows(ctx.store, rows)
          for (const [appId, state] of touched) saveStats(ctx, appId, state)
      })
    } catch (error) {
      // Rolled back: the counters in memory are ahead of the table, so reload them next time.
      for (const job of jobs) forgetStats(ctx, job.appId)
      throw error
    }
    return outcome
  }

  /** What is known at commit: new fields exist, refused jobs fail (they wrote nothing). */
  function announce(outcome: Outcome): void {
    for (const appId of outcome.fieldsChanged) ctx.changes.notify(appId, 'fields')
    for (const { job, error } of outcome.failed) job.reject(error)
  }

  /** Commits `jobs` as one group, or, if the database fails the group, each job alone so only the culprit fails. */
  function commitAll(jobs: Job[]): Outcome[] {
    const wal = ctx.store.wal
    try {
      return [wal.relaxed(() => commitGroup(jobs))]
    } catch (error) {
      if (jobs.length === 1) {
        jobs[0].reject(error)
        return []
      }
      const outcomes: Outcome[] = []
      for (const job of jobs) {
        try {
          outcomes.push(wal.relaxed(() => commitGroup([job])))
        } catch (own) {
          job.reject(own)
        }
      }
      return outcomes
    }
  }

  function flush(): void {
    scheduled = false
    // A job whose definition is still being read waits for the next flush, which its read schedules.
    const jobs = queue.filter((job) => job.definition !== null)
    queue = queue.filter((job) => job.definition === null)
    if (jobs.length === 0) return
    const wal = ctx.store.wal
    if (wal.failure) {
      for (const job of jobs) job.reject(notDurable(wal.failure))
      return
    }
    const outcomes = commitAll(jobs)
    for (const outcome of outcomes) announce(outcome)
    if (outcomes.every((outcome) => outcome.done.length === 0)) return
    ctx.store.checkpoints.afterWrite()
    // Answered only once the commit is on disk (at once when nothing is deferred).
    wal.afterCommit((error) => {
      if (error) ctx.log.error('records were committed but could not be synced to disk', { error: error.message })
      for (const outcome of outcomes) {
        for (const { job, ids } of outcome.done) {
          if (error) job.reject(notDurable(error))
          else job.resolve(ids)
        }
      }
    })
  }

  return {
    write(appId, prepared) {
      return new Promise<string[]>((resolve, reject) => {
        const job: Job = { appId, records: prepared, newFields: unionNewFields(prepared), createdAt: ctx.clock.now(), definition: ctx.caches.scoring.kept(appId) ?? null, resolve, reject }
        queue.push(job)
        if (job.definition === null) {
          // Read now; on SQLite the read is done before the flush scheduled below runs.
          const read: Promise<void> = loadScoringDefinition(ctx, appId).then(
            (definition) => {
              job.definition = definition
              schedule()
            },
            (error: unknown) => {
              queue = queue.filter((queued) => queued !== job)
              reject(error)
            },
          ).finally(() => loading.delete(read))
          loading.add(read)
        }
        schedule()
      })
    },
    async flush() {
      await Promise.all(loading)
      flush()
    },
  }
}
