/**
 * @module Argument fragments shared by commands, so the same flag reads the same everywhere.
 */
import type { ArgsDef } from 'citty'

/** Accepted by every command. */
export const globalArgs = {
  server: { type: 'string', description: 'svc server URL (else SVC_URL, stored config, http://localhost:8787)', valueHint: 'url' },
  token: { type: 'string', description: 'Access token (else SVC_TOKEN, stored config); prefer SVC_TOKEN or `auth login --with-token`: a flag stays in shell history', valueHint: 'token' },
  json: { type: 'boolean', description: 'Print one JSON document on stdout (errors as JSON on stderr)' },
} as const satisfies ArgsDef

export const appArg = {
  app: { type: 'string', description: 'App id (see `svc-cli app list`)', required: true, valueHint: 'appId' },
} as const satisfies ArgsDef

export const fieldArg = {
  field: { type: 'string', description: 'Field id or name', required: true, valueHint: 'field' },
} as const satisfies ArgsDef

export const yesArg = {
  yes: { type: 'boolean', alias: 'y', description: 'Do it without asking (required when not on a terminal)' },
} as const satisfies ArgsDef

/** Percent-encodes a path segment (field names may be any Unicode text). */
export const seg = (value: string) => encodeURIComponent(value)
