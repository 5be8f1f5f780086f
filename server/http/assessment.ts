/**
 * @module The assessment-app routes as one plugin: scales, report, expert, connect
 * (control plane) and the public fill-in and report pages.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { connectRoutes } from './connect.ts'
import { expertRoutes } from './expert.ts'
import { fillInRoutes } from './fill-in.ts'
import { reportPageRoutes } from './report-page.ts'
import { reportRoutes } from './reports.ts'
import { scaleRoutes } from './scales.ts'

export const assessmentRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/assessment' })
    .use(scaleRoutes(ctx))
    .use(reportRoutes(ctx))
    .use(expertRoutes(ctx))
    .use(connectRoutes(ctx))
    .use(fillInRoutes(ctx))
    .use(reportPageRoutes(ctx))
