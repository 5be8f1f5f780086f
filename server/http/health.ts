/**
 * @module GET /api/v3/health — liveness and version, for load balancers and the CLI: 200
 * `{status: 'ok'}`, or 503 `storage_unavailable` with `details.status: 'degraded'` and the
 * reason while the database cannot write, so a balancer stops sending records there.
 */
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import type { AppContext } from '../core/context.ts'
import { checkHealth } from '../core/health.ts'
import { STORAGE_RETRY_AFTER_SECONDS } from '../core/storage-unavailable.ts'
import { errorResponse } from './errors.ts'

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/health' }).get(pathOf('health.get'), async ({ set }) => {
    const health = await checkHealth(ctx)
    if (health.status === 'ok') return { code: 200 as const, data: health }
    const headers = { ...(set.headers as Record<string, string>), 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) }
    return errorResponse(
      503,
      'storage_unavailable',
      `Degraded: the database cannot write (${health.reason})`,
      health,
      headers,
    )
  })
