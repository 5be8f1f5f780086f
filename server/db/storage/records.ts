/**
 * @module The storage of records: the group commit, pages, owner reads, deletion with
 * renumbering, edits with their history, export chunks, rescoring and report keys: the interface core calls
 * (implemented in sqlite/records.ts and postgres/records.ts) and its plain row types.
 *
 * Numbering: `seq` numbers an app's records 1…N in commit order and `pos` its non-spam
 * records 1…K (null for spam); both stay dense across processes (the app's counters row in
 * app_stats is locked while a group is numbered, and deleting renumbers the rest). `serial`
 * numbers them in commit order too, but only grows: it is never renumbered or used again,
 * so a live stream's client can name where it stopped (server/live).
 */
import type { ReadBudget } from './read-budget.ts'
import type { FilterNode } from './record-filter.ts'
import type { Counters, RefillRequest, StatsRow } from './stats.ts'
import type { JobLimits } from './job-limits-types.ts'

export type { ReadBudget } from './read-budget.ts'

/** One record ready to store: everything decided by core (id, JSON text, scores, spam flag). */
export interface NewRecord {
  id: string
  spam: boolean
  /** The data object as JSON text, as JSON.stringify writes it (no raw control character: postgres/array-literal.ts relies on it). */
  data: string
  /** `{source?, timestamp?}` as JSON text (`{}` for none), as JSON.stringify writes it. */
  meta: string
  /** Scores per scale as JSON text (JSON.stringify's); null for apps without scales. */
  scores: string | null
  /**
   * Pending files (storage/files.ts) the record names, claimed in the commit: each must be a
   * pending file of the job's app, and becomes attached to this record in the same
   * transaction; when one is not (swept, or claimed by another record), the job is refused
   * with `file_missing` and nothing of it is written. Absent or empty: none.
   */
  files?: string[]
}

/** A field a job's records would create (auto-create); `id` is used only if the field is made. */
export interface NewFieldInput {
  id: string
  name: string
  type: string
}

/** One submission (one record, or a whole batch): all of its records commit, or none. */
export interface RecordJob {
  appId: string
  records: NewRecord[]
  /** Keys of the records with no field when core looked; the store makes those still missing. */
  newFields: NewFieldInput[]
  /** Epoch ms stamped on the records and on fields they create. */
  createdAt: number
  /**
   * Set for an anonymous submission: the fields it makes are proposed by `by` (a client
   * key) while the app holds fewer than `maxProposed` proposed fields and `by` made fewer
   * than `perClient` fields since `since` (epoch ms), both counted in the table under the
   * app's lock; its other new keys are *unlisted keys*, catalogued (storage/unlisted-keys.ts)
   * and never a reason to refuse the records. Unset for the owner's own submissions: their
   * fields are accepted, counted against `maxFields` (past it the job is refused).
   */
  proposal?: ProposalBudget
  /** Set for a verified sender's delivery: of its accepted fields only those under `maxFields` are made, and it is never refused for the limit. */
  keepSurplus?: boolean
  /** Set when the request carried an `Idempotency-Key`: the key is stored with the records' ids in the same transaction. */
  idempotency?: IdempotencyClaim
  /**
   * Set when the app has an enabled webhook subscription (as core's cache knew it): the
   * commit also writes a `record.created` outbox row per non-spam record and subscription
   * listening to it, in the same transaction (storage/webhooks.ts).
   */
  webhooks?: boolean
  /** Set when the endpoint limits its responses: checked under the app's lock before the job writes anything. */
  limits?: JobLimits
}

/** The caps an anonymous submission's new fields must fit (see RecordJob.proposal). */
export interface ProposalBudget {
  by: string
  maxProposed: number
  perClient: number
  since: number
  /** Unlisted keys the app's catalogue holds at most (storage/unlisted-keys.ts); later ones stay in their records only. */
  maxUnlisted: number
}

/** An `Idempotency-Key` to claim for a job (core/collect/idempotency.ts). */
export interface IdempotencyClaim {
  key: string
  /** SHA-256 of the job's records: a stored key with another fingerprint was used for other records. */
  fingerprint: string
  /** A stored key created before this (epoch ms) has expired: it is replaced, as if absent. */
  notBefore: number
}

/** What became of one job of a group. */
export type JobResult =
  | {
      ok: true
      /** `seq` of the job's first record (the others follow densely). */
      firstSeq: number
      /** `pos` the job's first non-spam record got (or would have got: `kept` before + 1). */
      firstPos: number
      /** The app's counters generation the numbers belong to. */
      generation: number
      /** True when the job created fields. */
      fieldsCreated: boolean
      /**
       * The job's new keys that got neither a field nor a place in the catalogue of unlisted
       * keys (past its bound): stored in the records, counted in no aggregate (core/stats/counted.ts).
       */
      uncounted: string[]
    }
  /** The app is gone. */
  | { ok: false; reason: 'not_found' }
  /** The job's new fields would pass the limit: `names` are the fields it would add, `existing` the app's count of accepted fields. */
  | { ok: false; reason: 'field_limit'; names: string[]; existing: number }
  /** The key was stored for the same records by an earlier request: nothing was written; `ids` are the ones it was answered with. */
  | { ok: false; reason: 'replayed'; ids: string[] }
  /** The key was stored for other records: nothing was written. */
  | { ok: false; reason: 'key_reused' }
  /** A file a record names is no longer pending in the app (NewRecord.files): nothing was written; `ids` are those files. */
  | { ok: false; reason: 'file_missing'; ids: string[] }
  /** The job does not fit the places `closeAfter` leaves: nothing was written. */
  | { ok: false; reason: 'closed'; closeAfter: number; left: number; size: number }
  /** A value of the unique field was given before: nothing was written. */
  | { ok: false; reason: 'duplicate'; field: string }
  /** The store refuses writes it cannot make durable (a failed WAL sync earlier); nothing was written. */
  | { ok: false; reason: 'unavailable'; message: string }

export interface CommittedGroup {
  /** One result per job, in the order given. */
  results: JobResult[]
  /**
   * Settles once the committed records are durable: null, or why they could not be made so
   * (then none of them may be acknowledged, though they are stored). At once on PostgreSQL
   * (COMMIT returned with synchronous_commit=on); after the deferred WAL sync on SQLite.
   */
  durable: Promise<string | null>
}

/** A record as the read paths return it; `data`, `meta`, `scores` are the stored JSON text. */
export interface RecordRow {
  id: string
  data: string
  meta: string
  scores: string | null
  spam: boolean
  createdAt: number
}

/** Which records a read selects: non-spam (keyed and ordered by pos), all (by seq), or spam only (by seq). */
export type ReadSelection = 'kept' | 'all' | 'spam'

/** Where a batch of a read starts, in the read's order. */
export type BatchStart =
  /** At this key (a pos or seq, by the selection) and on. */
  | { at: number }
  /** After this many selected rows: the first batch of a spam-only or filtered page (an OFFSET walk of the index). */
  | { skip: number }
  /**
   * After the record `afterId` where it is now, so rows renumbered between batches are
   * neither skipped nor repeated; after `key` (where it was) once it is gone or no longer
   * selected.
   */
  | { afterId: string; key: number }

/** One batch of a read: a key range (or the first window of one) bounded by rows and by bytes. */
export interface BatchQuery {
  selection: ReadSelection
  order: 'asc' | 'desc'
  /** Only the records matching it (walking the index of the order, testing each). */
  filter?: FilterNode
  start: BatchStart
  /** At most this many rows… */
  rows: number
  /**
   * …ending with the row whose stored text (data, meta and scores) brings the batch's total
   * to this many bytes or past it: a batch holds less than `bytes` plus one record.
   */
  bytes: number
}

/** One batch of a live stream: the selected records after a position, in stream order. */
export interface LiveQuery {
  selection: ReadSelection
  filter?: FilterNode
  /** The position (serial) to read after. */
  after: number
  /** The record sent at `after`, when known: the read starts right after it, wherever deletes have moved it. */
  afterId: string | null
  /** The newest position the reader was told of: nothing past it is read (on SQLite it may not be synced yet). */
  through: number
  /** At most this many rows, ending with the row whose stored text reaches `bytes` (as a BatchQuery). */
  rows: number
  bytes: number
}

/** A row of a batch and the key it was read at (where the next batch goes on from). */
export interface BatchRow extends RecordRow {
  cursor: number
}

/** A record's data with a stable key to page by while scores are rewritten (numbers may shift under deletes). */
export interface ScoreSource {
  key: number
  data: string
}

/** A record a report is shown for. */
export interface ReportRow {
  id: string
  appId: string
  appName: string
  data: string
  scores: string | null
  /** SHA-256 of the report key; null when none was issued. */
  reportKeyHash: string | null
  createdAt: number
}

/**
 * Pure domain logic (core/stats/deleted.ts) that the delete, spam and edit units run inside
 * their transaction to take the changed records out of the app's aggregates document (and,
 * for a spam mark or an edit, put them back as they are after). No storage calls inside.
 * The store hands it rows in batches within `budget`: every `add` batch before the first
 * `subtract`, all of them before `refills`.
 */
export interface DeleteAdjuster {
  readonly budget: ReadBudget
  /**
   * Picks the state to start from, given the locked counters and the stored document: the
   * seq it covers (the store passes the records after it next), or null when neither is
   * usable (the document is then cleared and rebuilt on the next read).
   */
  start(counters: Counters, document: string): number | null
  /** Adds the next batch of the records after the start (in seq order, as they were before the change). */
  add(newer: StatsRow[]): void
  /** Takes out the next batch of the changed rows (as they were before the change). */
  subtract(changed: StatsRow[]): void
  /** Names the statistics to recompute, once every changed row was subtracted. */
  refills(): RefillRequest[]
  /** Takes the recomputed values (one list per request, from the records that remain) and returns what to store. */
  finish(values: number[][]): { document: string; firstAt: number | null; lastAt: number | null }
}

/** An edit of one record as core decided it (core/records/edit.ts), written by the store in its transaction. */
export interface RecordUpdate {
  /** The new data object as JSON text (JSON.stringify's; no raw control character). */
  data: string
  /** The new scores as JSON text, or null (an app without scales). */
  scores: string | null
  /** Epoch ms of the edit: its history entry's time and its webhook event's. */
  at: number
  /** Who made it: the account's id, and its e-mail address at the time. */
  userId: string
  author: string
  /** The history entry's changes as JSON text (core's shape, core/records/history.ts). */
  changes: string
  /** The fields the edit changed, as the `record.updated` event names them. */
  changed: string[]
}

/** Core's side of an edit, run by the store inside the edit's transaction under the app's lock. */
export interface RecordEditor {
  /**
   * What the record (as stored now) becomes, or null when nothing would change (nothing is
   * written then). Throws (core's AppError) to refuse the edit: nothing is written.
   */
  decide(row: RecordRow): RecordUpdate | null
  /** Adjusts the aggregates as for a delete: started, fed (`subtract` gets the row as it was) and finished after the write. */
  readonly adjuster: DeleteAdjuster
  /** History entries the record keeps: the edit drops the ones older than the newest `keep`. */
  readonly keep: number
}

/** What became of an edit. */
export type EditOutcome =
  /** The app has no record with that id. */
  | { found: false }
  /** The edit changed nothing (the values were already so): nothing was written. */
  | { found: true; changed: false }
  /** Stored, with its history entry; the counters after (the generation is bumped). */
  | { found: true; changed: true; counters: Counters }

/** One entry of a record's history as stored; `changes` is core's JSON text. */
export interface HistoryRow {
  n: number
  at: number
  userId: string
  author: string
  changes: string
}

export interface SpamOutcome {
  /** Records whose flag changed (ids not in the app, or already so flagged, are skipped). */
  changed: number
  /** The counters after the change (the generation is bumped when anything changed). */
  counters: Counters
}

export interface DeleteOutcome {
  /** Records deleted (ids not in the app are skipped). */
  deleted: number
  /** The counters after the delete (the generation is bumped when anything was deleted). */
  counters: Counters
}

export interface RecordStore {
  /**
   * Commits a group of jobs in ONE transaction: per app (in sorted id order), locks its
   * counters, creates each job's missing fields with the limit counted under that lock,
   * numbers the records densely after the counters, inserts them and bumps the counters;
   * once the records may be read, tells the live streams (`Storage.appends`).
   * A job with an `idempotency` claim whose key is already stored (and fresh) writes nothing
   * and is `replayed` (or `key_reused`); otherwise the key is stored with its records.
   * A refused job writes nothing and the others go on; a database failure rejects (nothing
   * is written). Resolves once committed; `durable` tells when they may be acknowledged.
   * `maxFields`: the most fields an app may have. Tells caches (`fields`) of fields made.
   */
  commitGroup(jobs: RecordJob[], maxFields: number): Promise<CommittedGroup>
  /**
   * How many groups the writer may have in flight at once. 1 where commits take turns
   * anyway (SQLite's one writer, which the WAL sync of one group makes the next group wait
   * for). 2 on PostgreSQL: the next group travels, is parsed and (for another app) inserted
   * while the previous one commits; groups of one app still commit in order, on its
   * counters row.
   */
  readonly groupsInFlight: number
  /**
   * The last `serial` handed out in the app whose records may be read (on SQLite: synced to
   * disk), where a live stream starting now begins; null when the app is gone.
   */
  lastSerial(appId: string): Promise<number | null>
  /** Deletes the stored idempotency keys created before `before` (epoch ms); how many. */
  pruneIdempotencyKeys(before: number): Promise<number>
  /** Up to `limit` records with `seq` after `afterSeq`, by seq, every column (tests read what was stored). */
  after(appId: string, afterSeq: number, limit: number): Promise<StatsRow[]>
  /**
   * One batch of a page or an export: the selected records from `start` in key order, at
   * most `rows` of them and about `bytes` of stored text (see BatchQuery), so a read of
   * records of any size holds a MiB or two at a time. A key range on the index of
   * the order (pos, seq, or the spam index); only a `skip` start walks it with an OFFSET.
   * Its rows are one snapshot.
   */
  batch(appId: string, query: BatchQuery): Promise<BatchRow[]>
  /**
   * One batch of a live stream (server/live): the records `query` selects with a serial after
   * `after` and up to `through`, in serial order, bounded as a batch; each row's cursor is
   * its serial. Serials and seqs of an app rise together (deletes renumber seqs, keeping
   * their order), so it walks the seq index from the highest seq a record after `after`
   * can be preceded by: right after `afterId` while that record exists, and never below
   * `after` less every record deleted (app_stats.serial − app_stats.seq); it is that exact
   * unless records newer than `after` were deleted, and then walks past at most those.
   */
  live(appId: string, query: LiveQuery): Promise<BatchRow[]>
  /** How many of the app's records `selection` and `filter` select (walking the index, testing each). */
  filteredCount(appId: string, selection: ReadSelection, filter: FilterNode): Promise<number>
  /** One record of the app by id, spam or not. */
  one(appId: string, id: string): Promise<RecordRow | null>
  /**
   * Deletes the app's records with these ids in one transaction: locks the counters,
   * deletes, renumbers seq/pos densely, bumps the generation and stores the document
   * `adjust` computes. Tells caches (`records`) when something was deleted.
   */
  delete(appId: string, ids: readonly string[], adjust: DeleteAdjuster): Promise<DeleteOutcome>
  /**
   * Marks the app's records with these ids spam (`spam` true) or not spam, in one
   * transaction: locks the counters, flips the flag of the rows not already so, renumbers
   * `pos` densely over the non-spam rows (a row marked spam loses its pos; one marked not
   * spam gets the pos its place in seq order gives), moves the counters and bumps the
   * generation, and stores the document `adjust` computes (it is given the changed rows
   * with the flag they had, and moves them to the other side). Tells caches (`records`).
   */
  setSpam(appId: string, ids: readonly string[], spam: boolean, adjust: DeleteAdjuster): Promise<SpamOutcome>
  /**
   * Edits one record of the app in one transaction: locks the counters, reads the record,
   * asks `editor.decide` what it becomes, writes its data and scores (id, createdAt, meta,
   * seq and pos stay), adds the history entry (numbered after the record's last) and drops
   * entries older than the newest `editor.keep`, writes a `record.updated` outbox row per
   * listening subscription when the record is not spam, bumps the generation and stores the
   * document `editor.adjuster` computes. Tells caches (`records`) when something changed.
   */
  edit(appId: string, id: string, editor: RecordEditor): Promise<EditOutcome>
  /** The record's newest `limit` history entries, newest first, and how many edits it had in all. */
  history(id: string, limit: number): Promise<{ edits: number; entries: HistoryRow[] }>
  /**
   * The next records' data after the key `afterKey` (0 to start), for rescoring: at most
   * `budget.rows` of them, ending with the one whose data brings the total to `budget.bytes`.
   */
  scoreSources(appId: string, afterKey: number, budget: ReadBudget): Promise<ScoreSource[]>
  /**
   * Stores new scores (JSON text or null) by key in one transaction; bumps the generation
   * and clears the aggregates document (the next read rebuilds it). Tells caches (`records`).
   */
  setScores(appId: string, scores: ReadonlyArray<{ key: number; scores: string | null }>): Promise<void>
  /** Sets a record's report key hash (replacing any earlier one). */
  setReportKey(recordId: string, hash: string): Promise<void>
  /** The record and its app's name, for a respondent report; null when no such record. */
  forReport(recordId: string): Promise<ReportRow | null>
}
