/**
 * @module Report preview: scores given answers with the app's current scales and builds
 * the report a respondent with those answers would see, without storing anything.
 */
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { readScoringDefinition } from '../scoring/definition.ts'
import { scoreRecord, type RecordScores } from '../../contract/scoring/score.ts'
import { buildReport, type ReportModel } from './build.ts'
import { previewReportSchema, type PreviewReportInput } from '../../contract/reports/schemas.ts'
import { reportPagesOf } from './pages.ts'
import type { ReportPage } from './store.ts'

export interface ReportPreview {
  format: 'text' | 'html'
  scores: RecordScores
  model: ReportModel
}

/** The report of one of `userId`'s apps for the answers in `input.data`. */
export async function previewReport(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: PreviewReportInput,
): Promise<ReportPreview> {
  const { data, format } = parseInput(previewReportSchema, input)
  const app = await requireApp(ctx, userId, appId)
  const scores = scoreRecord(await readScoringDefinition(ctx, appId), data)
  return { format, scores, model: await buildReport(ctx, appId, app.name, data, scores) }
}

/** The report definition of one of `userId`'s apps (`report get`). */
export async function getReport(ctx: AppContext, userId: string, appId: string): Promise<{ pages: ReportPage[] }> {
  await requireApp(ctx, userId, appId)
  return { pages: await reportPagesOf(ctx, appId) }
}
