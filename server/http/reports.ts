/**
 * @module /api/v3/apps/:id/report — the report pages respondents see. `:page` is a page
 * id or its 1-based number; `:section` a section id or its 1-based number on the page.
 * Mirrors `svc-cli report get|page add|page list|page update|page remove|section add|section remove|preview`.
 *
 * | Method | Path                             | Body                                           | data                              |
 * |--------|----------------------------------|------------------------------------------------|-----------------------------------|
 * | GET    | /                                |                                                | `{pages:[ReportPage]}`            |
 * | GET    | /pages                           |                                                | `{pages:[ReportPage]}`            |
 * | POST   | /pages                           | `{title?, position?}`                          | `ReportPage`                      |
 * | PATCH  | /pages/:page                     | `{title?, position?}`                          | `ReportPage`                      |
 * | DELETE | /pages/:page                     |                                                | `{deleted:true, id}`              |
 * | POST   | /pages/:page/sections            | `{type, title?, text?, scale?, position?}`     | `ReportPage`                      |
 * | DELETE | /pages/:page/sections/:section   |                                                | `ReportPage`                      |
 * | POST   | /preview                         | `{data, format?:'text'|'html'}`                | `{format, scores, content}`       |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { themeOf } from '../core/connect/connect.ts'
import { addReportPage, addReportSection, listReportPages, removeReportPage, removeReportSection, updateReportPage } from '../core/reports/pages.ts'
import { getReport, previewReport } from '../core/reports/preview.ts'
import { addPageSchema, addSectionSchema, previewReportSchema, updatePageSchema } from '../contract/reports/schemas.ts'
import { reportText } from '../core/reports/text.ts'
import { reportDocument } from '../pages/report.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

const detail = (summary: string) => ({ summary, tags: ['report'], security: [{ accessToken: [] }] })

export const reportRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/report', prefix: '/api/v3/apps/:id/report' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: await getReport(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('The report definition (pages and sections)'),
    })
    .get('/pages', async ({ principal, params }) => ({ code: 200, data: await listReportPages(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('List the report pages'),
    })
    .post('/pages', async ({ principal, params, body }) => ({ code: 200, data: await addReportPage(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: addPageSchema,
      detail: detail('Add a report page'),
    })
    .patch('/pages/:page', async ({ principal, params, body }) => ({ code: 200, data: await updateReportPage(ctx, principal.user.id, params.id, pathRef(params.page, 'page'), body) }), {
      auth: true,
      body: updatePageSchema,
      detail: detail('Rename or move a report page'),
    })
    .delete('/pages/:page', async ({ principal, params }) => ({ code: 200, data: await removeReportPage(ctx, principal.user.id, params.id, pathRef(params.page, 'page')) }), {
      auth: true,
      detail: detail('Remove a report page'),
    })
    .post('/pages/:page/sections', async ({ principal, params, body }) => ({
      code: 200,
      data: await addReportSection(ctx, principal.user.id, params.id, pathRef(params.page, 'page'), body),
    }), {
      auth: true,
      body: addSectionSchema,
      detail: detail('Add a section to a report page'),
    })
    .delete('/pages/:page/sections/:section', async ({ principal, params }) => ({
      code: 200,
      data: await removeReportSection(ctx, principal.user.id, params.id, pathRef(params.page, 'page'), pathRef(params.section, 'section')),
    }), {
      auth: true,
      detail: detail('Remove a section from a report page'),
    })
    .post('/preview', async ({ principal, params, body }) => {
      const preview = await previewReport(ctx, principal.user.id, params.id, body)
      const content = preview.format === 'html' ? reportDocument(preview.model, await themeOf(ctx, params.id)) : reportText(preview.model)
      return { code: 200, data: { format: preview.format, scores: preview.scores, content } }
    }, {
      auth: true,
      body: previewReportSchema,
      detail: detail('Render the report for given answers as text or HTML, storing nothing'),
    })
