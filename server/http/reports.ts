/**
 * @module The report pages respondents see: `reports.*` of the route table
 * (server/contract/api/reports.ts). `:page` is a page id or its 1-based number;
 * `:section` a section id or its 1-based number on the page. Mirrors
 * `svc-cli report get|page add|page list|page update|page remove|section add|section remove|preview`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { themeOf } from '../core/connect/connect.ts'
import {
  addReportPage,
  addReportSection,
  listReportPages,
  removeReportPage,
  removeReportSection,
  updateReportPage,
} from '../core/reports/pages.ts'
import { getReport, previewReport } from '../core/reports/preview.ts'
import { reportText } from '../core/reports/text.ts'
import { reportDocument } from '../pages/report.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

export const reportRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/report' })
    .use(authGuard(ctx))
    .get(
      pathOf('reports.get'),
      async ({ principal, params }) => ({ code: 200, data: await getReport(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .get(
      pathOf('reports.listPages'),
      async ({ principal, params }) => ({ code: 200, data: await listReportPages(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('reports.addPage'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addReportPage(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['reports.addPage'].body,
      },
    )
    .patch(
      pathOf('reports.updatePage'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateReportPage(ctx, principal.user.id, params.id, pathRef(params.page, 'page'), body),
      }),
      { auth: true, body: OPERATIONS['reports.updatePage'].body },
    )
    .delete(
      pathOf('reports.removePage'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeReportPage(ctx, principal.user.id, params.id, pathRef(params.page, 'page')),
      }),
      {
        auth: true,
      },
    )
    .post(
      pathOf('reports.addSection'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addReportSection(ctx, principal.user.id, params.id, pathRef(params.page, 'page'), body),
      }),
      { auth: true, body: OPERATIONS['reports.addSection'].body },
    )
    .delete(
      pathOf('reports.removeSection'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeReportSection(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.page, 'page'),
          pathRef(params.section, 'section'),
        ),
      }),
      { auth: true },
    )
    .post(
      pathOf('reports.preview'),
      async ({ principal, params, body }) => {
        const preview = await previewReport(ctx, principal.user.id, params.id, body)
        const content =
          preview.format === 'html'
            ? reportDocument(preview.model, await themeOf(ctx, params.id))
            : reportText(preview.model)
        return { code: 200, data: { format: preview.format, scores: preview.scores, content } }
      },
      { auth: true, body: OPERATIONS['reports.preview'].body },
    )
