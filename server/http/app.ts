/**
 * @module Builds the Elysia application from its plugins: errors and security headers
 * first, then one plugin per resource. Nothing listens here; main.ts and tests decide.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { errorHandler } from './errors.ts'
import { healthRoutes } from './health.ts'
import { openapiDocument } from './openapi.ts'
import { securityHeaders } from './security.ts'

export function buildApp(ctx: AppContext) {
  return new Elysia({ name: 'svc' })
    .use(securityHeaders())
    .use(errorHandler(ctx))
    .use(openapiDocument())
    .use(healthRoutes(ctx))
}

export type SvcApp = ReturnType<typeof buildApp>
