/**
 * @module The global flags: the ones every command accepts (defineSvcCommand adds them),
 * which the command-tree walk steps over and the MCP server does not list per command.
 */
import type { ArgsDef } from 'citty'
import { DEFAULT_TIMEOUT_SECONDS } from './timeout.ts'

/** Accepted by every command. */
export const globalArgs = {
  server: {
    type: 'string',
    description: 'svc server URL (else SVC_URL, stored config, http://localhost:8787)',
    valueHint: 'url',
  },
  token: {
    type: 'string',
    description:
      'Access token (else SVC_TOKEN, stored config); prefer SVC_TOKEN or `auth login --with-token`: a flag stays in shell history',
    valueHint: 'token',
  },
  json: { type: 'boolean', description: 'Print one JSON document on stdout (errors as JSON on stderr)' },
  timeout: {
    type: 'string',
    description: `Seconds to wait for the server to answer or send more (else SVC_TIMEOUT, ${DEFAULT_TIMEOUT_SECONDS}); exit 124 when it stays silent`,
    valueHint: 'seconds',
  },
} as const satisfies ArgsDef

/** The global flags that take a value (the command-tree walk skips their values). */
export const GLOBAL_VALUE_FLAGS = new Set(['--server', '--token', '--timeout'])
