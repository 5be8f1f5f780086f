/**
 * @module Platform limits. Enforcement, `?help` pages, skill documents and MCP tool
 * descriptions all read these, so documentation cannot drift from behaviour.
 */
export const LIMITS = {
  /**
   * Accepted fields per app: the ones the owner made or accepted, and the ones the owner's
   * own submissions created. Proposed fields (made by anonymous submissions) do not count.
   */
  maxFields: 50,
  /** Proposed fields an app may hold at once, apart from `maxFields`, so proposals never take the owner's room. */
  maxProposedFields: 40,
  /** New fields one client (address; /64 for IPv6) may propose to one app within `proposalWindowMs`. */
  proposalsPerClient: 10,
  proposalWindowMs: 60 * 60 * 1000,
  /**
   * Unlisted keys (a stranger's new keys past the proposal budgets, stored in the records but
   * no field) the owner's catalogue names per app, with their counts and first and last
   * post; keys past it are still stored and exported (in the CSV's `other keys` column).
   */
  maxUnlistedKeys: 200,
  /** Largest `size` of a /query page; larger is a 400, never clamped. */
  maxPageSize: 1000,
  defaultPageSize: 100,
  /** Apps per page of GET /api/v3/apps (`limit`), and the default. */
  maxAppsPageSize: 1000,
  defaultAppsPageSize: 100,
  /** Records in one /batch request. */
  maxBatch: 1000,
  /** Request body bytes (server default; SVC_MAX_BODY overrides). */
  maxBodyBytes: 1024 * 1024,
  /** Request body bytes of the control plane: account and app management (SVC_MAX_CONTROL_BODY overrides). */
  maxControlBodyBytes: 64 * 1024,
  /** Share of an endpoint's rate limit (rate and burst) one client address may use, so one flooder cannot starve the others. */
  clientRateShare: 0.25,
  /** JSON nesting depth (SVC_MAX_DEPTH overrides). */
  maxDepth: 32,
  /** Keys in one record, counted at every level (SVC_MAX_KEYS overrides). */
  maxKeys: 1000,
  /** Keys named in an error about many keys (the rest are counted), so a 999-key body answers in a few hundred bytes. */
  listedKeys: 20,
  /** Field name length after trimming. */
  maxFieldNameLength: 64,
  maxAppNameLength: 200,
  maxDescriptionLength: 5000,
  maxLabelLength: 200,
  maxOptions: 100,
  maxOptionLength: 200,
  /** Top values listed per field in /summary. */
  summaryTopValues: 20,
  summaryDays: 30,
  /** Distinct values counted exactly per field in the summary; later new values count as `other`. */
  summaryTrackedValues: 200,
  /** Longer strings are counted in the summary's `other`, never kept as a top value. */
  summaryValueLength: 200,
  /**
   * The public summary (read with the endpoint token alone) lists a value only when at least
   * this many records gave it; each app may raise or lower it (`summaryMinRespondents`).
   */
  summaryMinRespondents: 5,
  /**
   * Distinct clients remembered per summary value and per field (core/stats/clients.ts): the
   * public summary asks `min(summaryMinRespondents, this − 1)` clients besides the reader.
   */
  summaryDistinctClients: 10,
  /** The public summary's sum and mean cover a field's numbers up to the last multiple of this. */
  summaryPublicStep: 10,
  /** Significant digits of the public summary's sum and mean. */
  summaryPublicDigits: 3,
  /** The lowest `summaryMinRespondents` an app may set: below it a listed value points at one or two people. */
  summaryMinRespondentsFloor: 3,
  /** The highest `summaryMinRespondents` an app may set. */
  summaryMinRespondentsCeiling: 1_000_000,
  /** Longest time an app's stored summary aggregates may lag its records (they catch up on load). */
  statsPersistMs: 1000,
  /** Whole-request deadline for reading a body, so a slowly trickled upload cannot hold a connection. */
  requestDeadlineMs: 30_000,
  /** How long an ingest request's `Idempotency-Key` is remembered: a retry within it gets the first answer. */
  idempotencyKeyTtlMs: 24 * 60 * 60 * 1000,
  /** Longest `Idempotency-Key` accepted. */
  maxIdempotencyKeyLength: 255,
  /** Longest `meta.source` accepted. */
  maxSourceLength: 500,
  /** Origins an endpoint's `_redirect` may point to. */
  maxRedirectOrigins: 20,
  /** Characters of the hosted thank-you page's text. */
  maxThankYouMessage: 1000,
  /** Characters of a thank-you URL. */
  maxThankYouUrl: 2000,
  /** Characters of the text the hosted page shows while a form is closed. */
  maxClosedMessage: 1000,
  /** The largest `closeAfter` (records a form takes before it closes). */
  maxCloseAfter: 10_000_000,
  /** The most days an app may keep records or spam (keepRecordsDays, keepSpamDays): a hundred years. */
  maxKeepDays: 36_500,
  /** Pages a form's layout may describe (share setting `pages`). */
  maxPages: 50,
  /** Characters of a page's title. */
  maxPageTitle: 200,
  /** Languages one page's `translations` may hold. */
  maxPageTranslations: 50,
  /** Record ids in one POST /records/delete. */
  maxDeleteIds: 1000,
  /** Changes a record's history keeps, newest first: an older one is dropped when a newer one is made. */
  recordHistoryKept: 20,
  /** Fields one history entry lists (more changed fields are counted in its `more`). */
  recordHistoryFields: 10,
  /** Characters of a value's JSON text one history entry keeps; a longer value is kept cut, ending in "…". */
  recordHistoryValueChars: 1000,
  /**
   * Records read per step of a page or an export, and the stored bytes after which a step
   * ends (with the record that reached them): every read is streamed in these steps, so its
   * memory follows these bytes plus one record, never rows × record size.
   */
  readBatchRows: 1000,
  readBatchBytes: 1024 * 1024,
  /**
   * Distinct smallest and largest values the summary keeps per number (and per score and
   * record time), so deleting the minimum or maximum needs no rescan until this many
   * distinct extreme values on one side are gone.
   */
  summaryExtremes: 16,
  /**
   * How often a process running a smart-planning job tells the database it is alive (and
   * looks whether the job was cancelled from elsewhere).
   */
  jobHeartbeatMs: 2000,
  /** Heartbeats a job's runner may miss before any other process takes the job over. */
  jobStaleBeats: 3,
  /**
   * Live record streams (GET …/stream): a comment line this often keeps proxies and load
   * balancers from closing a quiet stream (SVC_STREAM_HEARTBEAT_MS overrides).
   */
  streamHeartbeatMs: 15_000,
  /** The `retry:` a stream starts with: how long a client waits before it reconnects. */
  streamRetryMs: 2000,
  /**
   * Strangers' open streams per app, per client network (an IPv4 /24, an IPv6 /56) and in the
   * process; SVC_STREAMS_PER_APP / _PER_CLIENT / _PER_PROCESS override.
   */
  streamsPerApp: 500,
  streamsPerClient: 20,
  streamsPerProcess: 1000,
  /** The owner's own streams (access token or session), per app and per process, apart from the strangers' places. */
  ownerStreamsPerApp: 20,
  ownerStreamsPerProcess: 100,
  /**
   * A busy app's streams are woken at most this often (an app quiet for longer is woken at
   * once): a burst of commits then goes out as a few larger writes and reads, not one each.
   */
  streamWakeMs: 5,
  /** The Retry-After of a stream refused because the app or the client has its most open. */
  streamRetryAfterSeconds: 10,
  /**
   * Heartbeats a stream's client may leave what was sent to it untaken (a batch of at most
   * `readBatchBytes`, or one larger record) before the stream is cut; it resumes with Last-Event-ID.
   */
  streamStallBeats: 2,
  /**
   * Strangers' reads of records being sent at once (`/query` pages), per client network (an
   * IPv4 /24, an IPv6 /56), per app and in the process; SVC_READS_PER_CLIENT / _PER_APP /
   * _PER_PROCESS override. A page usually goes out in a few milliseconds, so only readers
   * that hold their answer open meet these. The owner's reads are not limited by them.
   */
  readsPerClient: 4,
  readsPerApp: 16,
  readsPerProcess: 64,
  /** The Retry-After of a read refused for a limit above, or for the held-bytes budget. */
  readRetryAfterSeconds: 5,
  /**
   * A stranger's read whose client takes none of what was written for this long is cut
   * (SVC_READ_STALL_MS overrides); written in pieces of `readWriteChars` characters, so a slow
   * but steady client is never cut.
   */
  readStallMs: 5000,
  readWriteChars: 64 * 1024,
  /**
   * Bytes the process may hold for readers (reads and streams) that have not taken them;
   * past it strangers' new reads and streams get 429 (SVC_HELD_MB overrides, in MiB).
   */
  heldBytes: 64 * 1024 * 1024,
} as const

/**
 * Keys one app's summary aggregates count at most (core/stats/counted.ts): its accepted
 * fields, its proposals and its catalogued unlisted keys, whatever strangers post. Keys of
 * fields the owner removed stay counted until the next recount.
 */
export const SUMMARY_KEYS = LIMITS.maxFields + LIMITS.maxProposedFields + LIMITS.maxUnlistedKeys

/** Auth timing, in milliseconds unless named otherwise. */
export const AUTH = {
  codeDigits: 6,
  codeTtlMs: 10 * 60 * 1000,
  codeMaxAttempts: 5,
  codeEmailsPerHour: 5,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  minPasswordLength: 8,
  maxPasswordLength: 256,
  accessTokenPrefix: 'svc_pat_',
  maxTokenNameLength: 100,
  /** Apps one access token may be limited to (more: leave `apps` out). */
  maxTokenApps: 100,
  /** How long before an access token expires its owner is mailed, once. */
  tokenExpiryNoticeMs: 7 * 24 * 60 * 60 * 1000,
  /** How long an invitation to an app can be accepted (once). */
  invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** Members and waiting invitations of one app together. */
  maxMembersPerApp: 100,
  /** RFC 5321's limit on a whole address. */
  maxEmailLength: 254,
  maxUserNameLength: 100,
  /** Window of the per-address cap on code e-mails (`codeEmailsPerHour`). */
  codeEmailWindowMs: 60 * 60 * 1000,
  /** Failed password log-ins per address within `loginFailureWindowMs` before 429. */
  loginFailuresPerWindow: 10,
  loginFailureWindowMs: 15 * 60 * 1000,
  /**
   * Failed password log-ins for one address from every client together within
   * `accountFailureWindowMs`; past it a password log-in also needs a code e-mailed to the
   * address (401 code_required), never a lock-out.
   */
  loginFailuresPerAccount: 100,
  accountFailureWindowMs: 60 * 60 * 1000,
  /** Code e-mails per address within `codeEmailWindowMs` from every client together; past it, no more codes go out. */
  codeEmailsPerAccountPerHour: 10,
  /** Wrong codes per address within `codeFailureWindowMs` from every client together; past it, log-in by code pauses. */
  codeFailuresPerAccount: 20,
  codeFailureWindowMs: 24 * 60 * 60 * 1000,
  /** The owner hears of a code pause at most once in this time. */
  codePauseNoticeWindowMs: 24 * 60 * 60 * 1000,
  /** How long the confirmation link of an e-mail change works. */
  emailChangeTtlMs: 24 * 60 * 60 * 1000,
  /** A session older than this must give the current password again to create an access token ("sudo mode"). */
  reauthWindowMs: 15 * 60 * 1000,
  /** Threads hashing passwords (argon2id), apart from Bun's pool where the WAL syncs run (core/auth/password-hasher.ts). */
  passwordHashThreads: 1,
  /** Password checks that may wait for a hashing thread; past that, 429 at once. */
  passwordHashQueue: 16,
} as const

/** Assessment modules: scales, report pages, expert, connect (page styling). */
export const ASSESSMENT = {
  maxScales: 20,
  maxItemsPerScale: 50,
  maxLevelsPerScale: 10,
  /** Scale keys: placeholders (`{{score.<key>}}`) and CSV column names use them. */
  scaleKeyPattern: /^[a-z][a-z0-9_-]{0,39}$/,
  maxScaleNameLength: 100,
  maxLevelLabelLength: 100,
  maxTextLength: 10_000,
  maxReportPages: 20,
  maxSectionsPerPage: 30,
  maxCustomCssLength: 20_000,
  maxUrlLength: 2000,
  maxButtonTextLength: 40,
  /** Scores are rounded to this many decimals before levels are looked up and stored. */
  scoreDecimals: 4,
  /** Bytes of randomness in a respondent's report key (≥ 128 bits). */
  reportKeyBytes: 24,
} as const
