/**
 * @module Builds the Elysia application from its plugins: errors and security headers
 * first, then one plugin per resource. Nothing listens here; main.ts and tests decide.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { adminRoutes, type AdminOptions } from './admin.ts'
import { finishAudit, inRequestUnit } from '../core/audit/record.ts'
import { clientAddress } from './client-address.ts'
import { auditRoutes } from './audit.ts'
import { allowedHost } from './allowed-host.ts'
import { appRoutes } from './apps.ts'
import { assessmentRoutes } from './assessment.ts'
import { authRoutes } from './auth.ts'
import { errorHandler } from './errors.ts'
import { exportRoutes } from './export.ts'
import { fileRoutes } from './files.ts'
import { uploadRoutes } from './uploads.ts'
import { fieldRoutes } from './fields.ts'
import { healthRoutes } from './health.ts'
import { metricsRoutes } from './metrics.ts'
import { type Lifecycle, readyRoutes } from './ready.ts'
import { methodNotAllowed, type RouteLike } from './methods.ts'
import { openapiRoutes } from './openapi.ts'
import { profileRoutes } from './profile.ts'
import { recordRoutes } from './records.ts'
import { recordStreamRoutes } from './record-stream.ts'
import { securityHeaders } from './security.ts'
import { shareSettingsRoutes } from './share-settings.ts'
import { notificationRoutes } from './notifications.ts'
import { senderRoutes } from './senders.ts'
import { memberRoutes } from './members.ts'
import { alertRoutes } from './alerts.ts'
import { webhookRoutes } from './webhooks.ts'
import { skillRoutes } from './skills.ts'
import { smartRoutes } from './smart.ts'
import { shareIngestRoutes } from './share/ingest.ts'
import { shareMethodHint, shareMethodRoutes } from './share/methods.ts'
import { summaryRoutes } from './share/summary.ts'
import { shareReadRoutes } from './share/read.ts'
import { shareStreamRoutes } from './share/stream.ts'

export interface AppOptions {
  /** Where the admin page's build lives (tests keep theirs in a temp folder). */
  admin?: AdminOptions
  /** Where the process is in its life (the listener's; serving when the app is driven in-process). */
  lifecycle?: Lifecycle
}

export function buildApp(ctx: AppContext, options: AppOptions = {}) {
  // The 405 check reads the finished app's routes, on the first request no route matched.
  let routes: () => readonly RouteLike[] = () => []
  const app = new Elysia({ name: 'svc' })
    .use(securityHeaders())
    .use(
      errorHandler(
        ctx,
        methodNotAllowed(() => routes(), [shareMethodHint(ctx)]),
      ),
    )
    .use(allowedHost(ctx.config))
    .use(openapiRoutes(ctx))
    .use(healthRoutes(ctx))
    .use(readyRoutes(ctx, options.lifecycle ?? { phase: 'serving' }))
    .use(metricsRoutes(ctx))
    .use(skillRoutes())
    .use(authRoutes(ctx))
    .use(profileRoutes(ctx))
    .use(appRoutes(ctx))
    .use(fieldRoutes(ctx))
    .use(shareSettingsRoutes(ctx))
    .use(webhookRoutes(ctx))
    .use(senderRoutes(ctx))
    .use(memberRoutes(ctx))
    .use(auditRoutes(ctx))
    .use(notificationRoutes(ctx))
    .use(alertRoutes(ctx))
    .use(shareIngestRoutes(ctx))
    .use(summaryRoutes(ctx))
    .use(shareReadRoutes(ctx))
    .use(shareStreamRoutes(ctx))
    .use(shareMethodRoutes(ctx))
    .use(recordRoutes(ctx))
    .use(recordStreamRoutes(ctx))
    .use(exportRoutes(ctx))
    .use(fileRoutes(ctx))
    .use(uploadRoutes(ctx))
    .use(smartRoutes(ctx))
    .use(adminRoutes(ctx, options.admin))
    .use(assessmentRoutes(ctx))
  routes = () => app.routes
  return audited(ctx, app)
}

/**
 * Answers each request as one unit of work of the audit log (core/audit/record.ts): the
 * guard notes the operation, the store that commits its change writes the entry, and an
 * answer that ended well writes what no change wrote (core/audit/record.ts).
 */
function audited<A extends { handle: (request: Request) => Promise<Response> }>(ctx: AppContext, app: A): A {
  const handle = app.handle
  app.handle = (request) =>
    inRequestUnit(ctx, clientAddress(request, null, ctx.config) ?? '', async () => {
      const response = await handle(request)
      if (response.status < 400) await finishAudit(ctx)
      return response
    })
  return app
}

export type SvcApp = ReturnType<typeof buildApp>
