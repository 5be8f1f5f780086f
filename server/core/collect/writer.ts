/**
 * @module Group commit (`ctx.writer`). Submissions accepted while a new group cannot start
 * — one event-loop turn, or as long as the store's groups in flight (`groupsInFlight`) are
 * all busy: on SQLite one, for the time its WAL sync takes with SVC_SYNC=full
 * (server/db/sqlite/wal-sync.ts); on PostgreSQL a commit's round trip, and a second group
 * only once OVERLAP_RECORDS wait — are
 * committed together by one `records.commitGroup` (one transaction), and each
 * request is answered only once its records are durable: every acknowledged record
 * survives a crash. A submission refused inside the group (the field limit reached by an
 * earlier one, a vanished app) fails alone; if the database fails the group, each
 * submission is retried in its own transaction so only the culprit gets the error.
 * Auto-created fields are made in the same transaction, with the limit (the owner's) or the
 * proposal caps (a stranger's) counted there under the app's lock, so concurrent
 * submissions (from any process) never pass them. A stranger's keys past the caps are
 * unlisted keys: stored in the record all the same (storage/field-tally.ts).
 *
 * Everything per record is decided here before the commit: ids, JSON text, scores (from
 * the app's cached scoring definition). After the commit the summary aggregates
 * (`ctx.stats`) take the records in.
 */
import type { AppContext } from '../context.ts'
import type { CommittedGroup, JobResult, NewRecord, RecordJob } from '../../db/storage/records.ts'
import { AppError } from '../../contract/errors.ts'
import { newId } from '../ids.ts'
import { LIMITS } from '../../contract/limits.ts'
import { loadScoringDefinition } from '../scoring/definition.ts'
import { scoreRecord, type ScoringDefinition } from '../../contract/scoring/score.ts'
import type { CommittedRecord } from '../stats/stats-types.ts'
import { clientTag } from '../stats/clients.ts'
import { idempotencyClaim, keyPruner, keyReused } from './idempotency.ts'
import { dedupeClaim } from './dedupe.ts'
import { filesGone } from '../files/references.ts'
import { fieldLimit, type NewField, type PreparedRecord } from './prepare.ts'
import type { Writer } from './writer-types.ts'
import { batchTooLargeError, closedError, duplicateValueError } from '../../contract/share/closing.ts'

interface Job {
  appId: string
  /** What the aggregates add once committed. */
  records: CommittedRecord[]
  /** What the store writes. */
  stored: RecordJob
  /** Settles once the records are scored and the job flagged for webhooks (`ready` then true; `failed` when the scoring definition or the flag could not be read). */
  scoring: Promise<void>
  ready: boolean
  failed?: unknown
  resolve(ids: string[]): void
  reject(error: unknown): void
}

/** A committed group: what to wait for before answering (durability, the aggregates), and the answering. */
interface Committed {
  settled: Promise<unknown>
  answer(): void
}

/** 503 for a submission whose commit could not be confirmed on disk. */
const notDurable = (message: string) =>
  new AppError(
    'storage_unavailable',
    `The server could not confirm that the record was saved to disk, so it is not acknowledged; try again later (the operator should check the disk and restart svc): ${message}`,
  )

/** The stored meta text; most records have none, and `{}` needs no serialising. */
const metaText = (meta: PreparedRecord['meta']) => (Object.keys(meta).length === 0 ? '{}' : JSON.stringify(meta))

function unionNewFields(prepared: PreparedRecord[]): NewField[] {
  const seen = new Map<string, NewField>()
  for (const record of prepared)
    for (const field of record.newFields) if (!seen.has(field.name)) seen.set(field.name, field)
  return [...seen.values()]
}

/** The AppError a refused job is answered with. */
function refusal(result: Exclude<JobResult, { ok: true }>): AppError {
  if (result.reason === 'not_found') return new AppError('not_found', 'Endpoint not found: the form was deleted')
  if (result.reason === 'field_limit') return fieldLimit(result.names, result.existing)
  if (result.reason === 'key_reused') return keyReused()
  if (result.reason === 'file_missing') return filesGone(result.ids)
  if (result.reason === 'closed')
    return result.left === 0
      ? closedError({ closed: false, closesAt: null, closeAfter: result.closeAfter }, 'count')
      : batchTooLargeError(result.closeAfter, result.left, result.size)
  if (result.reason === 'duplicate') return duplicateValueError(result.field)
  if (result.reason === 'replayed') throw new Error('a replayed job is an answer, not a refusal')
  return notDurable(result.message)
}

/**
 * Records a queue must hold before a group starts while another is in flight (where the
 * store allows more than one): overlapping two commits pays for large groups (/batch),
 * whose next statement is prepared and sent while the database inserts the previous one;
 * for a few single records it only splits the group, one more commit for the same records.
 */
const OVERLAP_RECORDS = 256

/** The writer of `ctx` (made once, in createContext). */
export function createWriter(ctx: AppContext): Writer {
  // Long: the writer's queue and groups are state every step of a commit shares.
  let queue: Job[] = []
  /** Records in `queue`. */
  let queued = 0
  /** A run is scheduled for the next turn. */
  let scheduled = false
  /** Groups being committed or waiting to be durable; at the store's most, later submissions wait for the next group. */
  let inFlight = 0
  const most = () => ctx.storage.records.groupsInFlight
  const pruneKeys = keyPruner(
    () => ctx.clock.now(),
    (before) => ctx.storage.records.pruneIdempotencyKeys(before),
  )

  /** Scores a job's records with `definition`. */
  function scoreWith(job: Job, definition: ScoringDefinition): void {
    if (definition.scales.length > 0) {
      job.records.forEach((record, index) => {
        record.scores = scoreRecord(definition, record.data)
        job.stored.records[index].scores = JSON.stringify(record.scores)
      })
    }
  }

  /** Scores a job's records with its app's scoring definition: at once when the cache holds it (null), else once read. */
  function score(job: Job): Promise<void> | null {
    const kept = ctx.caches.scoring.kept(job.appId)
    if (kept) {
      void scoreWith(job, kept)
      return null
    }
    return loadScoringDefinition(ctx, job.appId).then(
      (definition) => scoreWith(job, definition),
      (error: unknown) => {
        job.failed ??= error
      },
    )
  }

  /** Flags the job for the webhook outbox when its app has an enabled subscription: at once when cached (null), else once read. */
  function flagWebhooks(job: Job): Promise<void> | null {
    const flags = ctx.webhooks.flags
    const kept = flags.kept(job.appId)
    if (kept !== undefined) {
      job.stored.webhooks = kept || undefined
      return null
    }
    return flags.get(job.appId).then(
      (on) => {
        job.stored.webhooks = on || undefined
      },
      (error: unknown) => {
        job.failed ??= error
      },
    )
  }

  /**
   * Takes a committed group in: refused jobs fail at once and the aggregates add the
   * records; the accepted jobs are answered (`answer`) once the group is durable.
   */
  function settle(
    jobs: Job[],
    group: CommittedGroup,
    into: { waits: Array<Promise<unknown>>; answers: Array<() => void> },
  ): void {
    const accepted: Array<{ job: Job; ids: string[] }> = []
    for (const [index, result] of group.results.entries()) {
      const job = jobs[index]
      // A retry is answered like the first request, once this group (and so every earlier one) is durable.
      if (!result.ok && result.reason === 'replayed') {
        accepted.push({ job, ids: result.ids })
        continue
      }
      if (!result.ok) {
        job.reject(refusal(result))
        continue
      }
      const pending = ctx.stats.committed(
        job.appId,
        result.generation,
        result.firstSeq,
        result.uncounted.length === 0
          ? job.records
          : job.records.map((record) => (record.spam ? record : { ...record, uncounted: result.uncounted })),
        job.stored.createdAt,
      )
      if (pending)
        into.waits.push(
          pending.catch((error: Error) =>
            ctx.log.warn('the summary aggregates could not take in committed records', {
              appId: job.appId,
              error: error.message,
            }),
          ),
        )
      accepted.push({ job, ids: job.stored.records.map((record) => record.id) })
      if (ctx.metrics.enabled) ctx.metrics.stored(job.records.length, job.records.filter((r) => r.spam).length)
    }
    if (accepted.length === 0) return
    let message: string | null = null
    into.waits.push(
      group.durable.then((problem) => {
        message = problem
      }),
    )
    into.answers.push(() => {
      if (message) ctx.log.error('records were committed but could not be synced to disk', { error: message })
      for (const { job, ids } of accepted) {
        if (message) job.reject(notDurable(message))
        else job.resolve(ids)
      }
      // Outbox rows were committed with the records and are durable now: the worker sends them.
      if (!message && accepted.some(({ job }) => job.stored.webhooks)) ctx.webhooks.worker.nudge()
    })
  }

  /**
   * Commits `jobs` (all scored) as one group, or, if the database fails the group, each job
   * alone so only the culprit fails. The store is called before this yields, so a group is
   * committed the moment it is started. Resolves once committed.
   */
  async function commit(queued: Job[]): Promise<Committed> {
    const jobs = queued.filter((job) => {
      if (job.failed === undefined) return true
      job.reject(job.failed)
      return false
    })
    const into = { waits: [] as Array<Promise<unknown>>, answers: [] as Array<() => void> }
    const records = ctx.storage.records
    if (jobs.length > 0) {
      try {
        settle(
          jobs,
          await records.commitGroup(
            jobs.map((job) => job.stored),
            LIMITS.maxFields,
          ),
          into,
        )
      } catch (error) {
        if (jobs.length === 1) jobs[0].reject(error)
        else {
          for (const job of jobs) {
            try {
              settle([job], await records.commitGroup([job.stored], LIMITS.maxFields), into)
            } catch (own) {
              job.reject(own)
            }
          }
        }
      }
    }
    if (jobs.some((job) => job.stored.idempotency)) {
      const pruning = pruneKeys()
      if (pruning)
        ctx.background(
          pruning.catch((error: Error) =>
            ctx.log.warn('expired idempotency keys could not be deleted', { error: error.message }),
          ),
        )
    }
    return {
      settled: Promise.all(into.waits),
      answer: () => {
        for (const answer of into.answers) answer()
      },
    }
  }

  /**
   * Commits the queue as one group, then, once it is durable, starts the next group BEFORE
   * answering this one: submissions that arrived meanwhile are committed at once, and their
   * sync runs while the answers go out.
   */
  async function runGroup(jobs: Job[]): Promise<void> {
    let committed: Committed | null = null
    try {
      committed = await commit(jobs)
      await committed.settled
    } catch (error) {
      // Not a database refusal (those are settled per job): answer every job, none may hang.
      ctx.log.error('the record writer failed', { error: (error as Error).message })
      for (const job of jobs) job.reject(error)
    }
    inFlight--
    next()
    committed?.answer()
  }

  /** Starts the next group if the store allows one more in flight and submissions wait (at once when they are scored). */
  function next(): void {
    scheduled = false
    if (inFlight >= most() || queue.length === 0 || (inFlight > 0 && queued < OVERLAP_RECORDS)) return
    inFlight++
    const jobs = queue
    queue = []
    queued = 0
    if (jobs.every((job) => job.ready)) void runGroup(jobs)
    else void Promise.all(jobs.map((job) => job.scoring)).then(() => runGroup(jobs))
  }

  function schedule(): void {
    if (scheduled || inFlight >= most()) return
    scheduled = true
    setImmediate(next)
  }

  return {
    write(appId, prepared, key, limits) {
      const createdAt = ctx.clock.now()
      const records: CommittedRecord[] = []
      // The summary counts people by client (core/stats/clients.ts): the owner's posts are one client.
      const client = clientTag(appId, prepared[0]?.proposer ?? null)
      const stored: NewRecord[] = []
      for (const record of prepared) {
        records.push({ data: record.data, spam: record.spam, scores: null, client, uncounted: record.unfielded })
        stored.push({
          id: newId(),
          spam: record.spam,
          data: JSON.stringify(record.data),
          meta: metaText(record.meta),
          scores: null,
          ...(record.files?.length ? { files: record.files } : {}),
        })
      }
      const newFields = unionNewFields(prepared).map((field) => ({ id: newId(), name: field.name, type: field.type }))
      const proposer = prepared[0]?.proposer ?? null
      return new Promise<string[]>((resolve, reject) => {
        const job: Job = {
          appId,
          records,
          stored: { appId, records: stored, newFields, createdAt },
          scoring: Promise.resolve(),
          ready: false,
          resolve,
          reject,
        }
        // A stranger's new keys are proposals within the app's and the client's caps, the rest unlisted keys.
        if (proposer !== null && newFields.length > 0) {
          job.stored.proposal = {
            by: proposer,
            maxProposed: LIMITS.maxProposedFields,
            perClient: LIMITS.proposalsPerClient,
            since: createdAt - LIMITS.proposalWindowMs,
            maxUnlisted: LIMITS.maxUnlistedKeys,
          }
        }
        if (prepared[0]?.keepSurplus) job.stored.keepSurplus = true
        if (typeof key === 'string') job.stored.idempotency = idempotencyClaim(key, stored, createdAt)
        else if (key) job.stored.idempotency = dedupeClaim(key, createdAt)
        if (limits) job.stored.limits = limits
        const pending = [score(job), flagWebhooks(job)].filter((work) => work !== null)
        if (pending.length === 0) job.ready = true
        else
          job.scoring = Promise.all(pending).then(() => {
            job.ready = true
          })
        queue.push(job)
        queued += records.length
        schedule()
      })
    },

    async flush() {
      const jobs = queue
      queue = []
      queued = 0
      if (jobs.length === 0) return
      await Promise.all(jobs.map((job) => job.scoring))
      const committed = await commit(jobs)
      // Answered once durable (on SQLite the store's close syncs what is left).
      void committed.settled.then(committed.answer)
    },
  }
}
