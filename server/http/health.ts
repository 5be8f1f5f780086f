/**
 * @module GET /api/v3/health — liveness and version, for load balancers and the CLI.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { checkHealth } from '../core/health.ts'

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/health', prefix: '/api/v3' }).get('/health', async () => ({ code: 200, data: await checkHealth(ctx) }), {
    detail: { summary: 'Health check', tags: ['system'] },
  })
