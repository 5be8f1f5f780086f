/**
 * @module The one place that reads the environment. Everything else receives a `Config`.
 *
 * Each variable, its default and its meaning is listed in `CONFIG_VARIABLES`
 * (config-variables.ts), which the
 * README's configuration table mirrors.
 */
import { DEFAULT_AUDIT_DAYS } from './contract/audit/model.ts'
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { FILE_LIMITS } from './contract/files/model.ts'
import { parseClamdAddress } from './files/clamd.ts'
import { backupSchedule, type BackupSchedule } from './backup/config.ts'
import { parseFilesUrl } from './files/s3-url.ts'
import { LIMITS } from './contract/limits.ts'
import { DEFAULT_RATE_LIMIT, parseRateLimit, rateLimitProblem, type RateLimit } from './contract/share/rate-limit.ts'

import { DEFAULT_DRAIN_SECONDS, DEFAULT_PORT } from './config-variables.ts'

export { CONFIG_VARIABLES, DEFAULT_PORT } from './config-variables.ts'

export type SignupPolicy = 'first' | 'open' | 'closed'
export type SyncMode = 'full' | 'normal'
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogFormat = 'text' | 'json'

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
  /** Seconds a SIGTERM keeps serving with /api/v3/ready at 503, before it stops (SVC_DRAIN_SECONDS). */
  drainSeconds: number
  /** Days the audit log keeps an entry (SVC_AUDIT_DAYS). */
  auditDays: number
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
  /** SVC_LOG_FORMAT: `text` lines for a person, `json` lines for a log shipper. */
  logFormat: LogFormat
  /** SVC_ACCESS_LOG: one line per answered request (at info), naming its operation, never its path. */
  accessLog: boolean
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
  /** Bearer token GET /metrics on the main port asks for (SVC_METRICS_TOKEN); null: that route answers 404. */
  metricsToken: string | null
  /** A listener of its own for GET /metrics, without a token (SVC_METRICS_ADDR, `host:port`); null: none. */
  metricsAddr: { host: string; port: number } | null
  /** Per-app record gauges, labelled by app id (SVC_METRICS_PER_APP=true); off by default. */
  metricsPerApp: boolean
  /** Backups svc makes itself (SVC_BACKUP_EVERY, _KEEP, _DIR, _URL); null when none are scheduled. */
  backup: BackupSchedule | null
}

/** A configuration problem that stops start-up; the message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

/** Where and how /metrics is answered: a token for the main port, and/or a listener of its own. */
function metricsConfig(env: Env): Pick<Config, 'metricsToken' | 'metricsAddr' | 'metricsPerApp'> {
  const token = env.SVC_METRICS_TOKEN?.trim() || null
  const perApp = env.SVC_METRICS_PER_APP?.trim().toLowerCase() || 'false'
  if (perApp !== 'true' && perApp !== 'false')
    throw new ConfigError(`SVC_METRICS_PER_APP must be true or false, got "${env.SVC_METRICS_PER_APP}"`)
  const metricsPerApp = perApp === 'true'
  if (token !== null && token.length < 16)
    throw new ConfigError('SVC_METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 16`)')
  const addr = env.SVC_METRICS_ADDR?.trim()
  if (!addr) return { metricsToken: token, metricsAddr: null, metricsPerApp }
  const match = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d{1,5})$/.exec(addr)
  const port = match ? Number(match[2]) : -1
  if (!match || port > 65_535)
    throw new ConfigError(`SVC_METRICS_ADDR must be host:port, e.g. 127.0.0.1:9464, got "${addr}"`)
  return { metricsToken: token, metricsAddr: { host: match[1].replace(/^\[|\]$/g, ''), port }, metricsPerApp }
}

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
    auditDays: integer(env, 'SVC_AUDIT_DAYS', DEFAULT_AUDIT_DAYS, 1, 36_500),
    drainSeconds: integer(env, 'SVC_DRAIN_SECONDS', DEFAULT_DRAIN_SECONDS, 0, 60),
    maxControlBodyBytes: integer(env, 'SVC_MAX_CONTROL_BODY', LIMITS.maxControlBodyBytes, 1024, 64 * 1024 * 1024),
    maxBodyBytes: integer(env, 'SVC_MAX_BODY', LIMITS.maxBodyBytes, 1024, 64 * 1024 * 1024),
    // Bun's idle timeout (at most 255 s) is set above it, so the 408 is sent before Bun drops the connection.
    bodyDeadlineMs: integer(env, 'SVC_BODY_DEADLINE_MS', LIMITS.requestDeadlineMs, 100, 240_000),
    maxDepth: integer(env, 'SVC_MAX_DEPTH', LIMITS.maxDepth, 2, 256),
    maxKeys: integer(env, 'SVC_MAX_KEYS', LIMITS.maxKeys, 1, 100_000),
    logLevel: oneOf(env, 'SVC_LOG', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    logFormat: oneOf(env, 'SVC_LOG_FORMAT', ['text', 'json'] as const, 'text'),
    accessLog: oneOf(env, 'SVC_ACCESS_LOG', ['on', 'off'] as const, 'on') === 'on',
    secret,
    ...llm(env),
    adminDir: env.SVC_ADMIN_DIR?.trim() ? resolve(env.SVC_ADMIN_DIR.trim()) : null,
    ...metricsConfig(env),
    backup: backupSchedule(env, postgresUrl !== null, (message) => new ConfigError(message)),
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
