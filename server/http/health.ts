/**
 * @module GET /api/v3/health — liveness and version, for load balancers and the CLI.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { VERSION } from '../version.ts'

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/health', prefix: '/api/v3' }).get(
    '/health',
    () => {
      ctx.store.sqlite.query('SELECT 1').get()
      return { code: 200, data: { status: 'ok' as const, version: VERSION } }
    },
    { detail: { summary: 'Health check', tags: ['system'] } },
  )
