/**
 * @module The respondent's report page.
 *
 * | Method | Path            | Query          | Answer |
 * |--------|-----------------|----------------|--------|
 * | GET    | /r/:recordId    | `k` report key | HTML report; the same 404 page for an unknown record and a wrong or missing key |
 *
 * Scores come from the record (stored at submission), so later scale edits do not change
 * what a respondent was shown; records stored before the app had scales are scored now.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { themeOf } from '../core/connect/connect.ts'
import { AppError } from '../contract/errors.ts'
import { buildReport } from '../core/reports/build.ts'
import { recordForReport } from '../core/reports/report-key.ts'
import { loadScoringDefinition } from '../core/scoring/definition.ts'
import { scoreRecord } from '../contract/scoring/score.ts'
import { parseStoredScores } from '../core/scoring/stored.ts'
import { pageHeaders } from '../pages/layout.ts'
import { messageDocument } from '../pages/message.ts'
import { reportDocument } from '../pages/report.ts'

export const reportPageRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/report-page' }).get(pathOf('pages.report'), async ({ params, query }) => {
    try {
      const key = typeof query.k === 'string' ? query.k : null
      const record = await recordForReport(ctx, params.recordId ?? '', key)
      const scores =
        record.scores === null
          ? scoreRecord(await loadScoringDefinition(ctx, record.appId), record.data)
          : parseStoredScores(record.scores)
      const model = await buildReport(ctx, record.appId, record.appName, record.data, scores)
      return new Response(reportDocument(model, await themeOf(ctx, record.appId)), pageHeaders())
    } catch (error) {
      if (!(error instanceof AppError) || error.type !== 'not_found') throw error
      return new Response(
        messageDocument(
          'Report not found',
          'This report link is not valid. Use the complete link you were given after answering.',
        ),
        pageHeaders(404),
      )
    }
  })
