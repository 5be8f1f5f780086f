/**
 * @module Liveness, as GET /api/v3/health reports it to load balancers and the CLI: `ok`,
 * or `degraded` with the reason while the database cannot write (db/availability.ts).
 */
import type { AppContext } from './context.ts'
import { VERSION } from '../contract/version.ts'

/** The newest scheduled backup, when backups are scheduled (SVC_BACKUP_EVERY). */
export interface BackupHealth {
  newestAt: string | null
  ageSeconds: number | null
}

export type Health = (
  | { status: 'ok'; version: string }
  | { status: 'degraded'; version: string; reason: string; since: string }
) & { backup?: BackupHealth }

/** The newest backup's time and age; nothing when none are scheduled. */
function backupHealth(ctx: AppContext): { backup?: BackupHealth } {
  if (!ctx.backups.scheduled) return {}
  const at = ctx.backups.newestAt()
  if (at === null) return { backup: { newestAt: null, ageSeconds: null } }
  return {
    backup: {
      newestAt: new Date(at).toISOString(),
      ageSeconds: Math.max(0, Math.round((ctx.clock.now() - at) / 1000)),
    },
  }
}

/** Checks that the database answers (throws when it does not), whether it can write, and names the running version. */
export async function checkHealth(ctx: AppContext): Promise<Health> {
  await ctx.storage.ping()
  const { problem, since } = ctx.storage.availability
  if (problem === null) return { status: 'ok', version: VERSION, ...backupHealth(ctx) }
  return {
    status: 'degraded',
    version: VERSION,
    reason: problem,
    since: new Date(since ?? ctx.clock.now()).toISOString(),
    ...backupHealth(ctx),
  }
}
