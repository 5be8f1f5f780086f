/**
 * @module Liveness, as GET /api/v3/health reports it to load balancers and the CLI.
 */
import type { AppContext } from '../context.ts'
import { VERSION } from '../version.ts'

export interface Health {
  status: 'ok'
  version: string
}

/** Checks that the database answers (throws when it does not) and names the running version. */
export async function checkHealth(ctx: AppContext): Promise<Health> {
  await ctx.storage.ping()
  return { status: 'ok', version: VERSION }
}
