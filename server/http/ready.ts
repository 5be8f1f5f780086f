/**
 * @module GET /api/v3/ready — readiness, what load balancers and Kubernetes probe to decide
 * whether to send this process requests: 503 `not_ready` while it starts (the database opens
 * and migrates: serve.ts answers then, before the app exists), while it drains after SIGTERM,
 * and while the database cannot write; 200 otherwise. /api/v3/health stays liveness.
 */
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import { VERSION } from '../contract/version.ts'
import type { AppContext } from '../core/context.ts'
import { STORAGE_RETRY_AFTER_SECONDS } from '../core/storage-unavailable.ts'
import { errorResponse } from './errors.ts'

/** Where this process is in its life, as the listener knows it. */
export interface Lifecycle {
  phase: 'starting' | 'serving' | 'draining'
}

/** Why a process is not ready, in the words of the answer's `details.reason`. */
export type NotReadyReason = 'starting' | 'draining' | 'degraded'

const MESSAGES: Readonly<Record<NotReadyReason, string>> = {
  starting: 'Not ready: the database is opening and migrating; ask again in a moment',
  draining: 'Not ready: this process is shutting down; send requests to another one',
  degraded: 'Not ready: the database cannot write',
}

/** The 503 a probe gets, with a Retry-After. */
export function notReady(reason: NotReadyReason, headers: Record<string, string> = {}, detail?: string): Response {
  return errorResponse(
    503,
    'not_ready',
    detail ? `${MESSAGES[reason]} (${detail})` : MESSAGES[reason],
    { reason },
    { ...headers, 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  )
}

export const readyRoutes = (ctx: AppContext, lifecycle: Lifecycle) =>
  new Elysia({ name: 'svc/ready' }).get(pathOf('ready.get'), ({ set }) => {
    const headers = set.headers as Record<string, string>
    if (lifecycle.phase !== 'serving') return notReady(lifecycle.phase, headers)
    const { problem } = ctx.storage.availability
    if (problem !== null) return notReady('degraded', headers, problem)
    set.headers['cache-control'] = 'no-store'
    return { code: 200 as const, data: { status: 'ready' as const, version: VERSION } }
  })
