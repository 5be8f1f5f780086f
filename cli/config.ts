/**
 * @module The stored CLI configuration: `$XDG_CONFIG_HOME/svc/config.json` (else
 * `~/.config/svc/`), folder 0700, file 0600, one entry per server URL. Written atomically
 * (temp file + rename) because several `svc-cli mcp` processes may write it at once.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { CliError } from './errors.ts'

export interface ServerEntry {
  token: string
  /** Who the token belongs to, for `auth status` without a round trip. */
  email?: string
  /** The id of the token when a login through this config made it: the next login revokes it. */
  tokenId?: string
  savedAt: string
}

export interface StoredConfig {
  /** The server the last login went to; used when neither --server nor SVC_URL is given. */
  current?: string
  servers: Record<string, ServerEntry>
}

export const DEFAULT_SERVER = 'http://localhost:8787'

type Env = Record<string, string | undefined>

/** The config folder for an environment (XDG first, then the home folder). */
export function configDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim()
  return join(xdg || join(env.HOME?.trim() || homedir(), '.config'), 'svc')
}

export const configPath = (env: Env) => join(configDir(env), 'config.json')

/** Reads the stored config; a missing file is an empty config, a corrupt one an error naming the file. */
export function readConfig(env: Env): StoredConfig {
  const path = configPath(env)
  let text: string
  let parsed: Partial<StoredConfig>
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { servers: {} }
    throw new CliError('config', `Cannot read ${path}: ${(error as Error).message}`)
  }
  try {
    parsed = JSON.parse(text) as Partial<StoredConfig>
  } catch {
    throw new CliError('config', `${path} is not valid JSON; fix or delete it and log in again`)
  }
  return canonical({
    current: parsed.current,
    servers: parsed.servers && typeof parsed.servers === 'object' ? parsed.servers : {},
  })
}

/** The same server spelled once: a URL that no longer parses keeps its key as it is. */
const keyOf = (server: string) => {
  try {
    return normalizeServer(server)
  } catch {
    return server
  }
}

/**
 * Stored keys in their normal form, so a login saved before the form changed (or as
 * `http://localhost:8787/`) is found under `http://127.0.0.1:8787`; of two entries for
 * one server the newest wins.
 */
function canonical(config: StoredConfig): StoredConfig {
  const servers: Record<string, ServerEntry> = {}
  for (const [server, entry] of Object.entries(config.servers)) {
    const key = keyOf(server)
    const kept = servers[key]
    if (!kept || String(entry?.savedAt ?? '') >= String(kept.savedAt ?? '')) servers[key] = entry
  }
  return { ...(config.current === undefined ? {} : { current: keyOf(config.current) }), servers }
}

/** Writes the whole config atomically with owner-only permissions. */
export function writeConfig(env: Env, config: StoredConfig): void {
  const dir = configDir(env)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const path = configPath(env)
  const temp = `${path}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  renameSync(temp, path)
}

/** Read-modify-write in one step, so concurrent writers lose as little as possible. */
export function updateConfig(env: Env, change: (config: StoredConfig) => void): StoredConfig {
  const config = readConfig(env)
  change(config)
  writeConfig(env, config)
  return config
}

/** Host names that mean this machine over IPv4; svc binds 127.0.0.1 by default (HOST). */
const LOOPBACK = new Set(['localhost', '127.0.0.1'])

/**
 * Normalises a server URL so one server has one spelling, and so one stored login:
 * no trailing slash, lower-case host, and `localhost` written as `127.0.0.1` (the address
 * svc listens on by default, so requests go there without trying IPv6 `::1` first).
 */
export function normalizeServer(raw: string): string {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new CliError('usage', `--server must be an absolute http(s) URL such as ${DEFAULT_SERVER}, got "${raw}"`, 2)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('usage', `--server must start with http:// or https://, got "${raw}"`, 2)
  }
  if (LOOPBACK.has(url.hostname)) url.hostname = '127.0.0.1'
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
