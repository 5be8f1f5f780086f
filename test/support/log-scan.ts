/**
 * @module The whole run's check that no secret reaches a log. Test servers log at debug level
 * into a scan (instead of nowhere): each line's token-like words are kept, and the secrets
 * the run handed out are noted as the tests meet them (access tokens made for test users,
 * endpoint tokens seen in request paths, every `token` or `secret` in a JSON answer). Once
 * the run is over (setup.ts) a word that is also a secret is a leak, and so is a line
 * holding one of the suite's passwords or a token of a known form (`svc_pat_…`, `whsec_…`).
 * Matching at the end makes the order of a log line and the answer that revealed its secret
 * irrelevant.
 */
import type { LogSink } from '../../server/core/logger.ts'

/** Runs of base64url characters as long as the shortest secret noted: where a token would be. */
const WORD = /[A-Za-z0-9_-]{16,}/g

/** Tokens recognised by their form, whoever made them. */
const TOKEN_FORMS = [/svc_pat_[A-Za-z0-9_-]{16,}/, /whsec_[A-Za-z0-9+/=]{16,}/]

/** The passwords the suite's tests log in with (test/**: `password: '…'`). */
const PASSWORDS = ['correct horse', 'a long password', 'password123', 'old password']

/** Most words kept with their line; a run logs far fewer distinct ones. */
const MAX_WORDS = 500_000

export interface LogScan {
  /** Receives the log lines of a test server. */
  sink: LogSink
  /** Notes a value the run uses as a secret (shorter than 16 characters: ignored). */
  secret(value: string): void
  /** Notes the secrets in a JSON answer: every string under a key `token` or `secret`, at any depth. */
  answer(json: unknown): void
  /** Notes the endpoint token in a request's path, if it has one. */
  path(pathname: string): void
  /** The leaks found so far: what leaked and the line it was in (cut short). */
  leaks(): string[]
}

const cut = (line: string) => (line.length > 300 ? `${line.slice(0, 300)}…` : line)

export function createLogScan(): LogScan {
  const secrets = new Set<string>()
  const words = new Map<string, string>()
  const found: string[] = []
  const note = (value: string) => {
    if (value.length >= 16) secrets.add(value)
  }
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object') return
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'token' || key === 'secret') && typeof inner === 'string') note(inner)
      else walk(inner, depth + 1)
    }
  }
  return {
    sink(_level, line) {
      for (const form of TOKEN_FORMS) if (form.test(line)) found.push(`a token (${form.source}): ${cut(line)}`)
      for (const password of PASSWORDS) if (line.includes(password)) found.push(`a password: ${cut(line)}`)
      for (const word of line.match(WORD) ?? []) if (words.size < MAX_WORDS && !words.has(word)) words.set(word, line)
    },
    secret: note,
    answer: (json) => walk(json, 0),
    path(pathname) {
      const token = /\/api\/v3\/share\/([A-Za-z0-9_-]+)/.exec(pathname)?.[1]
      if (token) note(token)
    },
    leaks() {
      const leaked = [...words].filter(([word]) => secrets.has(word)).map(([, line]) => `a secret: ${cut(line)}`)
      return [...found, ...leaked]
    },
  }
}

/** The run's scan, fed by every test server (server.ts, context.ts) and read once the run is over. */
export const runLogScan = createLogScan()
