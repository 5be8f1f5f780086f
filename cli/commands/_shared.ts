/**
 * @module Argument fragments shared by commands, so the same flag reads the same everywhere.
 */
import type { ArgsDef } from 'citty'
import { LIMITS } from '../../server/contract/limits.ts'

/** `-q`: ids only, one per line (docker -q), for `xargs` and `$(…)`. */
export const quietArg = {
  quiet: {
    type: 'boolean',
    alias: 'q',
    description: 'Print only ids, one per line (with --json: a JSON array of ids)',
  },
} as const satisfies ArgsDef

/** Paging of list commands. */
export const pageArgs = {
  limit: {
    type: 'string',
    description: `Items per page, 1–${LIMITS.maxPageSize} (default on a terminal: ${LIMITS.defaultPageSize}; else every item)`,
    valueHint: 'n',
  },
  page: { type: 'string', description: 'Page number, from 1 (with --limit)', valueHint: 'n' },
} as const satisfies ArgsDef

/** `--app`: an id, or a name no other app of the account has (resolved once, in cli/app-ref.ts). */
export const appArg = {
  app: {
    type: 'string',
    description: 'App id, or its name when no other app has it (see `svc-cli app list`)',
    required: true,
    valueHint: 'app',
  },
} as const satisfies ArgsDef

export const fieldArg = {
  field: { type: 'string', description: 'Field id or name', required: true, valueHint: 'field' },
} as const satisfies ArgsDef

export const yesArg = {
  yes: { type: 'boolean', alias: 'y', description: 'Do it without asking (required when not on a terminal)' },
} as const satisfies ArgsDef

/** Percent-encodes a path segment (field names may be any Unicode text). */
export const seg = (value: string) => encodeURIComponent(value)

/** `--filter`: the owner's records filter (PocketBase syntax), on query and export. */
/** `--spam exclude|include|only`: which records a read takes, as the records pages' `?spam=` (exclude, the default, is sent as nothing). */
export const spamArg = {
  spam: {
    type: 'enum',
    options: ['exclude', 'include', 'only'],
    description: 'Spam records (default: exclude)',
    valueHint: 'mode',
  },
} as const satisfies ArgsDef

export const filterArg = {
  filter: {
    type: 'string',
    description:
      "Only records matching, PocketBase style: \"city = 'Paris' && (age >= 18 || consent = true) && created >= '2026-01-01'\" (= != > >= < <= ~ !~, null = missing, `name with spaces`)",
    valueHint: 'expr',
  },
} as const satisfies ArgsDef
