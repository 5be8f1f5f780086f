/**
 * @module The group commit on PostgreSQL. ONE statement commits a whole group, whatever
 * apps it spans: it locks the apps' counters rows in sorted id order (so two processes
 * committing groups for the same apps never deadlock), bumps them (`UPDATE … RETURNING`,
 * which holds the rows until the commit) and inserts the records numbered densely after
 * the old values, from arrays (`unnest`): numbering is dense and in commit order across
 * every process, since the next transaction for an app waits for its row and then sees the
 * new counters. A group whose jobs create no field, claim no key and name no file is that
 * statement alone, committed on its own (one round trip); otherwise one transaction locks the
 * rows first, claims the jobs' idempotency keys (idempotency.ts: a key stored already answers
 * its job without writing), checks the pending files they name (file-claims.ts: a job naming
 * one no longer pending is refused alone), makes the fields each job needs while the limit and
 * the proposal caps hold (counted under those locks, so concurrent submissions from any
 * process cannot pass it), attaches the files of the jobs it writes, then runs the statement.
 *
 * A job with limits (closeAfter, a unique field) also takes the transaction: checked after
 * its key is claimed, before its files and fields (checkLimits).
 *
 * Acknowledged only after COMMIT returned: every connection has synchronous_commit=on.
 *
 * The statement also tells the live streams of every process: it bumps each app's `serial`
 * counter, numbers the records' serials after it, and sends `pg_notify('svc_appends',
 * '<app> <serial>')` (appends.ts), which PostgreSQL delivers on commit and never for a
 * rolled-back group; this process's streams are told at once after the commit.
 *
 * When a job of the group is flagged `webhooks`, the same statement also writes the
 * `record.created` outbox rows of its non-spam records (WITH_OUTBOX): one per batch of the
 * group's records of an app (storage/outbox-batch.ts) and enabled subscription listening to
 * the event, chosen by the join itself.
 *
 * The statements are SQL text sent on the raw pool (prepared once per connection by
 * Bun.SQL): building them with drizzle's `sql` template cost ≈ 70–120 µs more of svc's CPU
 * per group, a tenth of a single-record ingest's CPU at the group sizes it makes.
 */
import { fieldTally, type FieldToMake } from '../storage/field-tally.ts'
import { batcher, createdJson } from '../storage/outbox-batch.ts'
import type { CommittedGroup, JobResult, RecordJob } from '../storage/records.ts'
import { APPENDS_CHANNEL } from './appends.ts'
import { arrayLiteral } from './array-literal.ts'
import { rawRun, type RawRun } from './changes.ts'
import type { PgContext } from './context.ts'
import { checkFiles, claimFiles, namesFiles } from './file-claims.ts'
import { claimKeys, releaseKeys } from './idempotency.ts'
import { forgetUnlisted, noteUnlisted } from './unlisted-keys.ts'
import { groupUniques, keptRecords, placesRefusal, uniqueValuesOf } from '../storage/job-limits.ts'

/** The last part of the group statement: the apps' old counters and new serial, and the wake-up for every process's streams. */
const ANSWER = `
  SELECT app_id, seq0, kept0, generation, serial::float8 AS serial, pg_notify('${APPENDS_CHANNEL}', app_id || ' ' || serial) FROM c`

/**
 * Per app ($1…$6, sorted by id): locks its counters row, bumps it by the app's records and
 * answers the old counters; inserts the records ($8…$15), each numbered from its app's old
 * counters by its place among that app's records. An app with no counters row (deleted)
 * gets no row back and none of its records is inserted.
 */
const COMMIT_GROUP = `WITH locked AS (
    SELECT app_id FROM app_stats WHERE app_id = ANY($1::text[]) ORDER BY app_id FOR UPDATE
  ), g AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::bigint[]) AS g(app_id, count, kept, spam, first_at, last_at)
  ), c AS (
    UPDATE app_stats s SET seq = s.seq + g.count, serial = s.serial + g.count, kept = s.kept + g.kept, spam = s.spam + g.spam,
      first_at = LEAST(COALESCE(s.first_at, g.first_at), g.first_at),
      last_at = GREATEST(COALESCE(s.last_at, g.last_at), g.last_at), updated_at = $7::bigint
    FROM g JOIN locked ON locked.app_id = g.app_id
    WHERE s.app_id = g.app_id
    RETURNING s.app_id, s.seq - g.count AS seq0, s.kept - g.kept AS kept0, s.generation, s.serial - g.count AS serial0, s.serial
  ), inserted AS (
    INSERT INTO records (id, app_id, seq, pos, serial, spam, data, meta, scores, created_at)
    SELECT r.id, r.app_id, c.seq0 + r.ord, c.kept0 + r.pos_offset, c.serial0 + r.ord,
      r.pos_offset IS NULL, r.data, r.meta, r.scores, r.created_at
    FROM unnest($8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::text[], $14::text[], $15::bigint[])
      AS r(app_id, id, ord, pos_offset, data, meta, scores, created_at)
    JOIN c ON c.app_id = r.app_id
  )${ANSWER}`

/** COMMIT_GROUP that also writes the outbox rows of the batches $16…$19 (app, first record, payload, records; see webhooks.ts). */
const COMMIT_GROUP_WITH_OUTBOX = COMMIT_GROUP.replace(
  ANSWER,
  `, outbox AS (
    INSERT INTO webhook_outbox (id, webhook_id, app_id, event, subject, payload, records, created_at)
    SELECT 'msg_' || b.first_id || '_' || w.id, w.id, b.app_id, 'record.created', b.first_id, b.payload, b.records, $7::bigint
    FROM unnest($16::text[], $17::text[], $18::text[], $19::int[]) AS b(app_id, first_id, payload, records)
    JOIN c ON c.app_id = b.app_id
    JOIN webhooks w ON w.app_id = b.app_id AND w.enabled AND position('"record.created"' in w.events) > 0
  )${ANSWER}`,
)

const LOCK_COUNTERS =
  'SELECT app_id, kept::float8 AS kept FROM app_stats WHERE app_id = ANY($1::text[]) ORDER BY app_id FOR UPDATE'
/** Whether a non-spam record of the app gives one of the values ($3, compared trimmed, lower-cased when $4) for the field $2. */
const STORED_BEFORE = `SELECT 1 FROM records WHERE app_id = $1 AND NOT spam
  AND (CASE WHEN $4::boolean THEN lower(btrim(data::jsonb ->> $2)) ELSE btrim(data::jsonb ->> $2) END) = ANY($3::text[]) LIMIT 1`
const FIELD_FACTS =
  'SELECT name, position, proposed, proposed_by AS "proposedBy", created_at AS "createdAt" FROM fields WHERE app_id = $1'
const INSERT_FIELDS = `INSERT INTO fields (id, app_id, name, type, label, required, options, settings, position, auto_created, proposed, proposed_by, created_at, updated_at)
  SELECT f.id, $1, f.name, f.type, '', false, NULL, NULL, f.position, true, f.proposed_by IS NOT NULL, f.proposed_by, f.created_at, f.created_at
  FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::text[]) AS f(id, name, type, position, created_at, proposed_by)`

type Entry = { job: RecordJob; index: number; fieldsCreated: boolean; uncounted: string[] }

/** The jobs of a group by app, apps in sorted id order (the order their rows are locked in). */
function byApp(jobs: RecordJob[]): Array<[string, Entry[]]> {
  const apps = new Map<string, Entry[]>()
  jobs.forEach((job, index) => {
    const list = apps.get(job.appId)
    if (list) list.push({ job, index, fieldsCreated: false, uncounted: [] })
    else apps.set(job.appId, [{ job, index, fieldsCreated: false, uncounted: [] }])
  })
  return [...apps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * Numbers and inserts the records of `apps` after their counters and moves the counters
 * on, in one statement; sets each job's result (`not_found` for an app that is gone).
 * Returns each app's new serial, for this process's streams once the group is committed.
 */
async function insertGroup(
  run: RawRun,
  now: number,
  apps: Array<[string, Entry[]]>,
  results: JobResult[],
): Promise<Array<[string, number]>> {
  const perApp = {
    ids: [] as string[],
    count: [] as number[],
    kept: [] as number[],
    spam: [] as number[],
    first: [] as Array<number | null>,
    last: [] as Array<number | null>,
  }
  const rows = {
    appIds: [] as string[],
    ids: [] as string[],
    ord: [] as number[],
    posOffsets: [] as Array<number | null>,
    data: [] as string[],
    meta: [] as string[],
    scores: [] as Array<string | null>,
    createdAt: [] as number[],
  }
  const batches = {
    appIds: [] as string[],
    firstIds: [] as string[],
    payloads: [] as string[],
    records: [] as number[],
  }
  /** Where each job's records start among its app's records. */
  const starts = new Map<number, { seq: number; pos: number }>()
  for (const [appId, entries] of apps) {
    let count = 0
    let kept = 0
    let first: number | null = null
    let last: number | null = null
    const events = batcher()
    for (const { job, index } of entries) {
      starts.set(index, { seq: count, pos: kept })
      const at = job.webhooks ? new Date(job.createdAt).toISOString() : ''
      if (job.records.length > 0) {
        // A job's records share its time: the bounds come from the jobs.
        first = first === null ? job.createdAt : Math.min(first, job.createdAt)
        last = last === null ? job.createdAt : Math.max(last, job.createdAt)
      }
      for (const record of job.records) {
        rows.appIds.push(appId)
        rows.ids.push(record.id)
        rows.ord.push(++count)
        rows.posOffsets.push(record.spam ? null : ++kept)
        rows.data.push(record.data)
        rows.meta.push(record.meta)
        rows.scores.push(record.scores)
        rows.createdAt.push(job.createdAt)
        if (job.webhooks && !record.spam) events.add(record.id, createdJson(record.id, at, record.data))
      }
    }
    for (const batch of events.done()) {
      batches.appIds.push(appId)
      batches.firstIds.push(batch.firstId)
      batches.payloads.push(batch.payload)
      batches.records.push(batch.records)
    }
    perApp.ids.push(appId)
    perApp.count.push(count)
    perApp.kept.push(kept)
    perApp.spam.push(count - kept)
    perApp.first.push(first)
    perApp.last.push(last)
  }
  // Ids, JSON texts and numbers: arrayLiteral's kind of values (array-literal.ts).
  const columns = [rows.appIds, rows.ids, rows.ord, rows.posOffsets, rows.data, rows.meta, rows.scores, rows.createdAt]
  const outbox = batches.appIds.length > 0
  if (outbox) columns.push(batches.appIds, batches.firstIds, batches.payloads, batches.records)
  const answered = await run<{ app_id: string; seq0: number; kept0: number; generation: number; serial: number }>(
    outbox ? COMMIT_GROUP_WITH_OUTBOX : COMMIT_GROUP,
    [perApp.ids, perApp.count, perApp.kept, perApp.spam, perApp.first, perApp.last, now, ...columns.map(arrayLiteral)],
  )
  const counters = new Map(answered.map((row) => [row.app_id, row]))
  for (const [appId, entries] of apps) {
    const row = counters.get(appId)
    for (const { index, fieldsCreated, uncounted } of entries) {
      const start = starts.get(index)!
      results[index] = row
        ? {
            ok: true,
            firstSeq: row.seq0 + start.seq + 1,
            firstPos: row.kept0 + start.pos + 1,
            generation: row.generation,
            fieldsCreated,
            uncounted,
          }
        : { ok: false, reason: 'not_found' }
    }
  }
  return answered.map((row) => [row.app_id, row.serial])
}

/**
 * With the app's counters row locked: reads its fields and makes each job's missing ones
 * (accepted, or proposed for an anonymous job) while the limit and the proposal caps hold
 * (storage/field-tally.ts), and notes a stranger's keys past the budgets in the catalogue
 * of unlisted keys (unlisted-keys.ts); refused jobs get their result. The accepted jobs,
 * and whether a field was made.
 */
async function createFields(
  run: RawRun,
  appId: string,
  entries: Entry[],
  maxFields: number,
  results: JobResult[],
): Promise<{ accepted: Entry[]; created: boolean }> {
  const stored = await run<{
    name: string
    position: number
    proposed: boolean
    proposedBy: string | null
    createdAt: number | string
  }>(FIELD_FACTS, [appId])
  const tally = fieldTally(stored.map((row) => ({ ...row, createdAt: Number(row.createdAt) })))
  const made: FieldToMake[] = []
  const accepted: Entry[] = []
  for (const entry of entries) {
    const taken = tally.take(entry.job, maxFields)
    if ('ok' in taken) {
      results[entry.index] = taken
      continue
    }
    made.push(...taken.made)
    const { proposal } = entry.job
    // A verified sender's keys past the field limit are not catalogued (storage/field-tally.ts).
    const uncounted = proposal
      ? await noteUnlisted(run, appId, taken.unlisted, entry.job.createdAt, proposal.maxUnlisted)
      : taken.unlisted
    accepted.push({ ...entry, fieldsCreated: taken.made.length > 0, uncounted })
  }
  if (made.length > 0) {
    await run(INSERT_FIELDS, [
      appId,
      made.map((f) => f.id),
      made.map((f) => f.name),
      made.map((f) => f.type),
      made.map((f) => f.position),
      made.map((f) => f.createdAt),
      made.map((f) => f.proposedBy),
    ])
    await forgetUnlisted(
      run,
      appId,
      made.map((f) => f.name),
    )
  }
  return { accepted, created: made.length > 0 }
}

/**
 * With the app's counters row locked (its non-spam records `kept` when locked): refuses the
 * jobs that do not fit the places `closeAfter` leaves, or give a value of the unique field
 * stored before or twice (storage/job-limits.ts: a scan of the app's records, as no index
 * can serve a field chosen at run time). The jobs that fit, counted in order.
 */
async function checkLimits(run: RawRun, kept: number, entries: Entry[], results: JobResult[]): Promise<Entry[]> {
  const uniques = groupUniques()
  const fit: Entry[] = []
  for (const entry of entries) {
    const { job } = entry
    const unique = job.limits?.unique
    const values = uniqueValuesOf(job)
    const places = placesRefusal(job, kept)
    const stored =
      !places && unique && values.length > 0
        ? (await run(STORED_BEFORE, [job.appId, unique.field, values, unique.folded])).length > 0
        : false
    const refused = places ?? uniques.take(job, stored)
    if (refused) {
      results[entry.index] = refused
      continue
    }
    kept += keptRecords(job)
    fit.push(entry)
  }
  return fit
}

/** The group commit of the PostgreSQL record store. */
export function postgresCommitGroup(db: PgContext): (jobs: RecordJob[], maxFields: number) => Promise<CommittedGroup> {
  return async (jobs, maxFields) => {
    const results: JobResult[] = new Array(jobs.length)
    const apps = byApp(jobs)
    const now = db.now()
    let appended: Array<[string, number]> = []
    if (!jobs.some((job) => job.newFields.length > 0 || job.idempotency || namesFiles(job) || job.limits)) {
      // The common case: one statement, its own transaction.
      appended = await insertGroup(rawRun(db.client), now, apps, results)
    } else {
      await db.changes.rawTransaction(db.client, async (run, changed) => {
        const present = new Map(
          (await run<{ app_id: string; kept: number }>(LOCK_COUNTERS, [apps.map(([appId]) => appId)])).map((row) => [
            row.app_id,
            row.kept,
          ]),
        )
        const kept: Array<[string, Entry[]]> = []
        for (const [appId, all] of apps) {
          if (!present.has(appId)) {
            kept.push([appId, all])
            continue
          }
          const keyed = all.some(({ job }) => job.idempotency) ? await claimKeys(run, appId, all, results) : all
          const fit = keyed.some(({ job }) => job.limits)
            ? await checkLimits(run, present.get(appId)!, keyed, results)
            : keyed
          let entries = fit.some(({ job }) => namesFiles(job)) ? await checkFiles(run, appId, fit, results) : fit
          if (entries.some(({ job }) => job.newFields.length > 0)) {
            const made = await createFields(run, appId, entries, maxFields, results)
            if (made.created) changed(appId, 'fields')
            entries = made.accepted
          }
          // Keys claimed by jobs refused since (closed, a duplicate, a file missing, the field limit): nothing was stored for them.
          const accepted = new Set(entries.map(({ index }) => index))
          await releaseKeys(
            run,
            appId,
            keyed.filter(({ index }) => !accepted.has(index)).map(({ job }) => job),
          )
          await claimFiles(
            run,
            appId,
            entries.map(({ job }) => job),
          )
          if (entries.length > 0) kept.push([appId, entries])
        }
        if (kept.length > 0) appended = await insertGroup(run, now, kept, results)
      })
    }
    // Committed: this process's streams hear at once (the others through the NOTIFY).
    for (const [appId, serial] of appended) db.appends.emit(appId, serial)
    return { results, durable: Promise.resolve(null) }
  }
}
