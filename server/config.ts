/**
 * @module The one place that reads the environment. Everything else receives a `Config`.
 *
 * Each variable, its default and its meaning is listed in `CONFIG_VARIABLES`, which the
 * README's configuration table mirrors.
 */
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { FILE_LIMITS } from './contract/files/model.ts'
import { parseClamdAddress } from './files/clamd.ts'
import { parseFilesUrl } from './files/s3-url.ts'
import { LIMITS } from './contract/limits.ts'
import { DEFAULT_RATE_LIMIT, parseRateLimit, rateLimitProblem, type RateLimit } from './contract/share/rate-limit.ts'

/** The port svc listens on unless PORT says otherwise. */
export const DEFAULT_PORT = 8787

export type SignupPolicy = 'first' | 'open' | 'closed'
export type SyncMode = 'full' | 'normal'
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface Config {
  port: number
  host: string
  /** Folder holding the SQLite database and the server's secret key. */
  dataDir: string
  /** SQLite database file (`:memory:` in tests); unused when `postgresUrl` is set. */
  databasePath: string
  /** PostgreSQL URL from DATABASE_URL (postgres://…): several svc processes share that database. Null: SQLite. */
  postgresUrl: string | null
  /** Public origin every printed URL starts with; no trailing slash. */
  baseUrl: string
  /** True when SVC_BASE_URL was not given and the URL follows the listening port. */
  baseUrlFromPort: boolean
  signup: SignupPolicy
  smtpUrl: string | null
  mailFrom: string
  /** SQLite `synchronous`: FULL survives power loss, NORMAL survives process crashes. */
  synchronous: SyncMode
  /** Default per-endpoint rate limit; null means off (load tests). */
  rateLimit: RateLimit | null
  /**
   * Addresses and CIDR ranges of reverse proxies whose `X-Forwarded-For` names the client
   * (server/http/client-address.ts); empty: the socket's address is the client. Loopback by
   * default when HOST is loopback.
   */
  trustProxy: string[]
  /** Estimated memory the in-memory summary aggregates may take before the least recently used are dropped (SVC_STATS_CACHE_MB). */
  statsCacheBytes: number
  /** Largest body a control-plane route (/api/v3 outside /share, /auth) takes before it is parsed. */
  maxControlBodyBytes: number
  maxBodyBytes: number
  /** Whole-request deadline for reading a public request body (408 `timeout` beyond it). */
  bodyDeadlineMs: number
  maxDepth: number
  maxKeys: number
  logLevel: LogLevel
  /** Base64url secret for encrypting endpoint tokens at rest; read from the data dir when absent. */
  secret: string | null
  /** OpenAI-compatible chat-completions endpoint for smart generation's LLM planner; null: built-in planner only. */
  llmUrl: string | null
  llmModel: string | null
  llmApiKey: string | null
  /** Longest the LLM planner may take (all attempts) before the built-in planner takes over. */
  llmTimeoutMs: number
  /** A built admin page to serve as is; null: the executable's own, else the checkout's admin/dist. */
  adminDir: string | null
  /** Webhooks may target loopback, private and link-local addresses (SVC_WEBHOOK_ALLOW_PRIVATE=1; tests, private networks). */
  webhookAllowPrivate: boolean
  /** Live record streams (server/live): strangers' most open per app, client network and process here, and the heartbeat. */
  streamsPerApp: number
  streamsPerClient: number
  streamsPerProcess: number
  streamHeartbeatMs: number
  /** Reads of records under way (core/places): strangers' most per client network, app and process. */
  readsPerClient: number
  readsPerApp: number
  readsPerProcess: number
  /** A read whose client takes nothing for this long is cut. */
  readStallMs: number
  /** Bytes held for readers that are behind, past which strangers' new reads and streams are refused. */
  heldBytes: number
  /** Files (server/files): the largest one file (SVC_MAX_FILE), one app's bytes in all (SVC_FILES_QUOTA), one client's bytes per hour (SVC_UPLOAD_RATE). */
  maxFileBytes: number
  filesQuotaBytes: number
  uploadBytesPerHour: number
  /** Where file bytes go: null for `<dataDir>/files`, else an `s3://` URL (server/files/s3.ts). */
  filesUrl: string | null
  /** ClamAV's clamd (`unix:/path` or `tcp://host:port`) every file is scanned by; null: files are not scanned. */
  clamd: string | null
}

/** A configuration problem that stops start-up; the message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

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
    "Bytes of files one app may hold, its uploads under way included; past it uploads are refused with 413 `quota_exceeded`.",
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

/** The variable's text when `check` takes it (it throws a message naming what is wrong), null when unset. */
function checked(name: string, env: Env, check: (text: string) => unknown): string | null {
  const text = env[name]?.trim()
  if (!text) return null
  try {
    check(text)
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : `${name} is not valid`)
  }
  return text
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`)
  const value = Number(raw.trim())
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`)
  return value
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw) return fallback
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${env[name]}"`)
  }
  return raw as T
}

function rateLimit(env: Env): RateLimit | null {
  const raw = env.SVC_RATE_LIMIT || DEFAULT_RATE_LIMIT
  const problem = rateLimitProblem(raw, 'SVC_RATE_LIMIT')
  if (problem) throw new ConfigError(problem)
  return parseRateLimit(raw)
}

/** The proxies trusted without SVC_TRUST_PROXY when svc listens on loopback only: every peer is on this machine. */
export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1']

/** True for a HOST only this machine can connect to. */
const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)

/**
 * SVC_TRUST_PROXY: addresses (`10.0.0.2`, `::1`) or CIDR ranges (`10.0.0.0/8`), comma-separated;
 * `none` for no proxy; unset: LOOPBACK_PROXIES when `host` is loopback (a local reverse proxy is
 * then the only way in from outside), else none.
 */
function trustProxy(env: Env, host: string): string[] {
  const raw = env.SVC_TRUST_PROXY?.trim()
  if (raw === 'none') return []
  if (!raw) return isLoopbackHost(host) ? [...LOOPBACK_PROXIES] : []
  return raw.split(',').map((item) => {
    const entry = item.trim()
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))
    ) {
      throw new ConfigError(
        `SVC_TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (e.g. "127.0.0.1,::1" or "10.0.0.0/8"), got "${entry}"`,
      )
    }
    return entry
  })
}

function baseUrl(env: Env, port: number): { baseUrl: string; baseUrlFromPort: boolean } {
  const raw = env.SVC_BASE_URL?.trim()
  if (!raw) return { baseUrl: `http://localhost:${port}`, baseUrlFromPort: true }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`SVC_BASE_URL must be an absolute http(s) URL, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`SVC_BASE_URL must start with http:// or https://, got "${raw}"`)
  }
  return { baseUrl: `${url.origin}${url.pathname}`.replace(/\/+$/, ''), baseUrlFromPort: false }
}

/** SVC_SECRET, checked: 32 bytes of base64 or base64url. Required when several processes must share it. */
function secretKey(env: Env, required: boolean): string | null {
  const raw = env.SVC_SECRET?.trim()
  if (!raw) {
    if (required)
      throw new ConfigError(
        'SVC_SECRET is required with a PostgreSQL DATABASE_URL: every svc process must use the same key; make one with `openssl rand -base64 32`',
      )
    return null
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64url').length !== 32) {
    throw new ConfigError('SVC_SECRET must be 32 random bytes in base64 (`openssl rand -base64 32`)')
  }
  return raw
}

function llm(env: Env): Pick<Config, 'llmUrl' | 'llmModel' | 'llmApiKey' | 'llmTimeoutMs'> {
  const llmUrl = env.SVC_LLM_URL?.trim() || null
  const llmModel = env.SVC_LLM_MODEL?.trim() || null
  if (llmUrl && !/^https?:\/\/[^/]/.test(llmUrl))
    throw new ConfigError(`SVC_LLM_URL must start with http:// or https://, got "${llmUrl}"`)
  if (llmUrl && !llmModel) throw new ConfigError('SVC_LLM_MODEL must name the model to use when SVC_LLM_URL is set')
  return {
    llmUrl,
    llmModel: llmUrl ? llmModel : null,
    llmApiKey: env.SVC_LLM_API_KEY?.trim() || null,
    llmTimeoutMs: integer(env, 'SVC_LLM_TIMEOUT', 120, 1, 3600) * 1000,
  }
}

/** Reads and validates the environment; throws ConfigError with a one-line message. */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535)
  const dataDir = resolve(env.SVC_DATA_DIR?.trim() || './data')
  const databaseUrl = env.DATABASE_URL?.trim() || null
  const postgresUrl = databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? databaseUrl : null
  if (databaseUrl && !postgresUrl && !databaseUrl.startsWith('file:') && !databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(
      `DATABASE_URL must be a postgres:// URL (or unset for SQLite in SVC_DATA_DIR), got "${databaseUrl.split(':')[0]}:"`,
    )
  }
  const secret = secretKey(env, postgresUrl !== null)
  const databasePath =
    databaseUrl && !postgresUrl
      ? resolve(databaseUrl.replace(/^(file|sqlite):(\/\/)?/, ''))
      : resolve(dataDir, 'svc.db')
  const mailFrom = env.SVC_MAIL_FROM?.trim() || 'svc <no-reply@localhost>'
  const smtpUrl = env.SVC_SMTP_URL?.trim() || null
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError(`SVC_SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`)
  }
  const host = env.HOST?.trim() || '127.0.0.1'
  return {
    port,
    host,
    dataDir,
    databasePath,
    postgresUrl,
    ...baseUrl(env, port),
    signup: oneOf(env, 'SVC_SIGNUP', ['first', 'open', 'closed'] as const, 'first'),
    smtpUrl,
    mailFrom,
    synchronous: oneOf(env, 'SVC_SYNC', ['full', 'normal'] as const, 'full'),
    rateLimit: rateLimit(env),
    trustProxy: trustProxy(env, host),
    statsCacheBytes: integer(env, 'SVC_STATS_CACHE_MB', 64, 1, 65_536) * 1024 * 1024,
    maxControlBodyBytes: integer(env, 'SVC_MAX_CONTROL_BODY', LIMITS.maxControlBodyBytes, 1024, 64 * 1024 * 1024),
    maxBodyBytes: integer(env, 'SVC_MAX_BODY', LIMITS.maxBodyBytes, 1024, 64 * 1024 * 1024),
    // Bun's idle timeout (at most 255 s) is set above it, so the 408 is sent before Bun drops the connection.
    bodyDeadlineMs: integer(env, 'SVC_BODY_DEADLINE_MS', LIMITS.requestDeadlineMs, 100, 240_000),
    maxDepth: integer(env, 'SVC_MAX_DEPTH', LIMITS.maxDepth, 2, 256),
    maxKeys: integer(env, 'SVC_MAX_KEYS', LIMITS.maxKeys, 1, 100_000),
    logLevel: oneOf(env, 'SVC_LOG', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    secret,
    ...llm(env),
    adminDir: env.SVC_ADMIN_DIR?.trim() ? resolve(env.SVC_ADMIN_DIR.trim()) : null,
    webhookAllowPrivate: oneOf(env, 'SVC_WEBHOOK_ALLOW_PRIVATE', ['0', '1'] as const, '0') === '1',
    streamsPerApp: integer(env, 'SVC_STREAMS_PER_APP', LIMITS.streamsPerApp, 1, 100_000),
    streamsPerClient: integer(env, 'SVC_STREAMS_PER_CLIENT', LIMITS.streamsPerClient, 1, 100_000),
    streamsPerProcess: integer(env, 'SVC_STREAMS_PER_PROCESS', LIMITS.streamsPerProcess, 1, 1_000_000),
    streamHeartbeatMs: integer(env, 'SVC_STREAM_HEARTBEAT_MS', LIMITS.streamHeartbeatMs, 10, 120_000),
    readsPerClient: integer(env, 'SVC_READS_PER_CLIENT', LIMITS.readsPerClient, 1, 100_000),
    readsPerApp: integer(env, 'SVC_READS_PER_APP', LIMITS.readsPerApp, 1, 100_000),
    readsPerProcess: integer(env, 'SVC_READS_PER_PROCESS', LIMITS.readsPerProcess, 1, 1_000_000),
    readStallMs: integer(env, 'SVC_READ_STALL_MS', LIMITS.readStallMs, 10, 600_000),
    heldBytes: integer(env, 'SVC_HELD_MB', LIMITS.heldBytes / 1024 / 1024, 1, 65_536) * 1024 * 1024,
    maxFileBytes: integer(env, 'SVC_MAX_FILE', FILE_LIMITS.maxFileBytes, 1024, 2 ** 42),
    filesQuotaBytes: integer(env, 'SVC_FILES_QUOTA', FILE_LIMITS.appQuotaBytes, 0, 2 ** 50),
    uploadBytesPerHour: integer(env, 'SVC_UPLOAD_RATE', FILE_LIMITS.clientBytesPerHour, 1024, 2 ** 50),
    filesUrl: checked('SVC_FILES_URL', env, (text) => parseFilesUrl(text, env)),
    clamd: checked('SVC_CLAMD', env, parseClamdAddress),
  }
}
