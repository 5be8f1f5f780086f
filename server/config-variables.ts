/**
 * @module Every environment variable svc reads, its default and its meaning (a table of
 * data): the README's configuration table and `svc-cli serve --help` are made from it, and
 * server/config.ts reads each one.
 */
import { FILE_LIMITS } from './contract/files/model.ts'
import { LIMITS } from './contract/limits.ts'
import { DEFAULT_AUDIT_DAYS } from './contract/audit/model.ts'
import { DEFAULT_RATE_LIMIT } from './contract/share/rate-limit.ts'

/** The port svc listens on unless PORT says otherwise. */
export const DEFAULT_PORT = 8787

/** Seconds a SIGTERM keeps serving, /api/v3/ready at 503, so load balancers notice before svc stops. */
export const DEFAULT_DRAIN_SECONDS = 5

/** Documentation of every variable, used by the README and `svc-cli serve --help`. */
export const CONFIG_VARIABLES = [
  ['PORT', String(DEFAULT_PORT), 'TCP port to listen on (0 picks a free port).'],
  ['HOST', '127.0.0.1', 'Interface to bind. Use 0.0.0.0 on a VPS (behind a TLS proxy).'],
  ['SVC_DATA_DIR', './data', 'Folder for the SQLite database and the secret key.'],
  [
    'SVC_BASE_URL',
    'http://localhost:<PORT>',
    'Public URL printed in links, help pages and the CLI. When set, the API answers only requests addressed to its host (or localhost).',
  ],
  ['SVC_SIGNUP', 'first', '`first`: only the first account may sign up; `open`: anyone; `closed`: nobody.'],
  [
    'SVC_SMTP_URL',
    '(unset)',
    'e.g. `smtp://user:pass@mail.example.com:587`. Unset: login codes are written to the log.',
  ],
  ['SVC_MAIL_FROM', 'svc <no-reply@localhost>', 'Sender of login-code e-mails.'],
  [
    'SVC_SYNC',
    'full',
    '`full`: every acknowledged record survives power loss. `normal`: survives a crash of svc only.',
  ],
  ['SVC_RATE_LIMIT', DEFAULT_RATE_LIMIT, 'Default per-endpoint limit: rate per second and burst. `off` disables it.'],
  [
    'SVC_TRUST_PROXY',
    '(unset)',
    'Comma-separated addresses or CIDR ranges of your reverse proxies, e.g. `127.0.0.1,::1`: only requests from them may name the client in `X-Forwarded-For`, which svc reads from the right, taking the right-most address that is not one of them (addresses left of it were written by the client). Unset: `127.0.0.0/8,::1` when HOST is a loopback address (then only a proxy on this machine, or a local user, can connect), else none. `none`: no proxy is trusted; the connecting address is the client.',
  ],
  ['SVC_MAX_BODY', String(LIMITS.maxBodyBytes), 'Largest accepted request body in bytes.'],
  [
    'SVC_DRAIN_SECONDS',
    String(DEFAULT_DRAIN_SECONDS),
    'On SIGTERM, seconds svc keeps serving while `/api/v3/ready` answers 503, so load balancers stop sending requests before it stops (0 to 60).',
  ],
  [
    'SVC_METRICS_TOKEN',
    '(unset)',
    'Bearer token (16 characters or more) that `GET /metrics` on the main port asks for, in the Prometheus text format. Unset: that route answers 404.',
  ],
  [
    'SVC_METRICS_ADDR',
    '(unset)',
    'e.g. `127.0.0.1:9464`: a listener of its own answering `GET /metrics` without a token, for a Prometheus on the same machine or network. Keep it off the internet.',
  ],
  [
    'SVC_METRICS_PER_APP',
    'false',
    '`true` adds `svc_app_records` and `svc_app_spam_records`, labelled by app id (at most 10,000 apps): one series per app, so leave it off on servers with many apps.',
  ],
  [
    'SVC_AUDIT_DAYS',
    String(DEFAULT_AUDIT_DAYS),
    'Days the audit log keeps an entry (who changed what, exports, log-ins); older entries are deleted hourly.',
  ],
  [
    'SVC_BACKUP_EVERY',
    '(unset)',
    'Make a backup this often, e.g. `24h` (also `30m`, `7d`): one archive of the database, its files and `secret.key`, 0600, checked by opening it; SQLite only (PostgreSQL: `pg_dump`).',
  ],
  ['SVC_BACKUP_KEEP', '7', 'How many scheduled backups to keep; older ones are removed after each new one.'],
  ['SVC_BACKUP_DIR', '(unset)', 'The folder scheduled backups go into (made 0700 when missing).'],
  [
    'SVC_BACKUP_URL',
    '(unset)',
    'Or an S3-compatible bucket for them, in the form of `SVC_FILES_URL` (`s3://key:secret@bucket/prefix?endpoint=…`).',
  ],
  [
    'SVC_MAX_CONTROL_BODY',
    String(LIMITS.maxControlBodyBytes),
    'Largest body of an account or app-management request (`/api/v3/…` outside `/share`), refused with 413 before it is read or anyone is authenticated. Smart-plan execution takes up to 16 times this.',
  ],
  [
    'SVC_BODY_DEADLINE_MS',
    String(LIMITS.requestDeadlineMs),
    'Time a client has to send a public request body before a 408 `timeout` (up to 240000).',
  ],
  ['SVC_MAX_DEPTH', String(LIMITS.maxDepth), 'Deepest accepted JSON nesting.'],
  ['SVC_MAX_KEYS', String(LIMITS.maxKeys), 'Most keys accepted in one record (all levels).'],
  [
    'SVC_STATS_CACHE_MB',
    '64',
    'Memory (estimated, MB) the summary aggregates kept in memory may take; past it the least recently read apps are dropped and reloaded from the database when read again.',
  ],
  [
    'SVC_MAX_FILE',
    String(FILE_LIMITS.maxFileBytes),
    'Largest file in bytes any file field may take (each field sets its own `maxSize` up to this; 25 MiB unless it says).',
  ],
  [
    'SVC_FILES_QUOTA',
    String(FILE_LIMITS.appQuotaBytes),
    'Bytes of files one app may hold, its uploads under way included; past it uploads are refused with 413 `quota_exceeded`.',
  ],
  [
    'SVC_UPLOAD_RATE',
    String(FILE_LIMITS.clientBytesPerHour),
    "Bytes of files one client address may upload per hour (the owner's own uploads are not counted); past it 429 `rate_limited`.",
  ],
  [
    'SVC_FILES_URL',
    '(unset)',
    'Unset: file bytes are kept under `SVC_DATA_DIR/files`. `s3://…`: S3-compatible object storage, needed when several svc processes share PostgreSQL. See "Files".',
  ],
  [
    'SVC_CLAMD',
    '(unset)',
    "ClamAV's clamd, `unix:/run/clamav/clamd.ctl` or `tcp://127.0.0.1:3310`: every file is scanned before it is kept, and refused when infected or when clamd cannot be reached. Unset: files are not scanned.",
  ],
  ['SVC_LOG', 'info', '`debug`, `info`, `warn`, `error` or `silent`.'],
  [
    'SVC_LOG_FORMAT',
    'text',
    '`text`: `time LEVEL message {details}` lines for a person; `json`: one JSON object per line (`time`, `level`, `msg` and the details) for a log shipper.',
  ],
  [
    'SVC_ACCESS_LOG',
    'on',
    '`on`: one `request` line per answered request at `info` (request id, method, operation name, status, milliseconds, client address, app id where the path names one); never the path, which can hold an endpoint token. `off`: none.',
  ],
  [
    'DATABASE_URL',
    '(unset)',
    'Unset: SQLite in SVC_DATA_DIR. `postgres://user:pass@host:5432/db`: PostgreSQL, shared by several svc processes (needs SVC_SECRET). See "Scaling out".',
  ],
  [
    'SVC_SECRET',
    '(generated)',
    'Key for endpoint tokens at rest (32 bytes, base64): generated once into the data dir with SQLite; required with PostgreSQL, the same for every process.',
  ],
  [
    'SVC_LLM_URL',
    '(unset)',
    'OpenAI-compatible chat-completions URL for smart generation, e.g. `http://127.0.0.1:11434/v1` (Ollama). Unset: the built-in planner.',
  ],
  ['SVC_LLM_MODEL', '(unset)', 'Model name sent to SVC_LLM_URL, e.g. `qwen2.5:7b`; required with SVC_LLM_URL.'],
  ['SVC_LLM_API_KEY', '(unset)', 'Bearer key for SVC_LLM_URL, if the server needs one.'],
  ['SVC_LLM_TIMEOUT', '120', 'Seconds the LLM planner may take before the built-in planner is used instead.'],
  [
    'SVC_ADMIN_DIR',
    '(unset)',
    'A built admin page to serve (a folder with index.html, from `npm run build:admin`). Unset: the one inside the `svc` executable, else admin/dist (built by `npm start`).',
  ],
  [
    'SVC_WEBHOOK_ALLOW_PRIVATE',
    '0',
    "`1`: webhooks may be sent to loopback, private, link-local, cloud-metadata and other non-public addresses. `0`: only public (global unicast) addresses outside IANA's special-purpose blocks are reached, checked after DNS resolution when a webhook is added and before every delivery, which then connects to the address it checked.",
  ],
  [
    'SVC_STREAMS_PER_APP',
    String(LIMITS.streamsPerApp),
    'Most live record streams (`…/stream`) one app may have open in this process; more are refused with 429 and Retry-After.',
  ],
  [
    'SVC_STREAMS_PER_CLIENT',
    String(LIMITS.streamsPerClient),
    'Most live record streams one client network (an IPv4 /24, an IPv6 /56) may have open in this process; more are refused with 429 and Retry-After.',
  ],
  [
    'SVC_STREAMS_PER_PROCESS',
    String(LIMITS.streamsPerProcess),
    `Most live record streams strangers may have open in this process together; the owner's own streams have ${LIMITS.ownerStreamsPerApp} places per app (${LIMITS.ownerStreamsPerProcess} in all) apart.`,
  ],
  [
    'SVC_READS_PER_CLIENT',
    String(LIMITS.readsPerClient),
    'Most reads of records (`/query` pages) one client network (an IPv4 /24, an IPv6 /56) may have under way at once in this process; more are refused with 429 and Retry-After.',
  ],
  [
    'SVC_READS_PER_APP',
    String(LIMITS.readsPerApp),
    "Most strangers' reads of one app's records under way at once in this process; more are refused with 429 and Retry-After.",
  ],
  [
    'SVC_READS_PER_PROCESS',
    String(LIMITS.readsPerProcess),
    "Most strangers' reads of records under way at once in this process (the owner's own reads are not counted against it); more are refused with 429 and Retry-After.",
  ],
  [
    'SVC_READ_STALL_MS',
    String(LIMITS.readStallMs),
    "A stranger's `/query` page whose client takes nothing of it for this long is cut, freeing what it held (the owner's reads are waited for).",
  ],
  [
    'SVC_HELD_MB',
    String(LIMITS.heldBytes / 1024 / 1024),
    "MiB of records this process may hold for readers and streams that have not taken them; once held, strangers' new reads and streams get 429 with Retry-After.",
  ],
  [
    'SVC_STREAM_HEARTBEAT_MS',
    String(LIMITS.streamHeartbeatMs),
    "Time between the comment lines a quiet live stream sends so proxies keep it open; keep it below your proxy's read timeout.",
  ],
] as const
