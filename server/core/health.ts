/**
 * @module Liveness, as GET /api/v3/health reports it to load balancers and the CLI: `ok`,
 * or `degraded` with the reason while the database cannot write (db/availability.ts).
 */
import type { AppContext } from './context.ts'
import { VERSION } from '../contract/version.ts'

export type Health =
  | { status: 'ok'; version: string }
  | { status: 'degraded'; version: string; reason: string; since: string }

/** Checks that the database answers (throws when it does not), whether it can write, and names the running version. */
export async function checkHealth(ctx: AppContext): Promise<Health> {
  await ctx.storage.ping()
  const { problem, since } = ctx.storage.availability
  if (problem === null) return { status: 'ok', version: VERSION }
  return {
    status: 'degraded',
    version: VERSION,
    reason: problem,
    since: new Date(since ?? ctx.clock.now()).toISOString(),
  }
}
