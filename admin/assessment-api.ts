/**
 * @module The admin page's calls to the assessment routes (scales, report, expert, connect)
 * and smart generation, on top of api.ts's one fetch helper. Shapes are the server's own
 * types, imported as types only so nothing of the server enters the bundle.
 */
import type { Theme, SetThemeInput } from '../server/contract/connect/schemas.ts'
import type { Expert, ExpertComment } from '../server/core/expert/expert.ts'
import type { ReportPage } from '../server/core/reports/store.ts'
import type { SectionType } from '../server/contract/reports/schemas.ts'
import type { CreateScaleInput, SetLevelInput, UpdateScaleInput } from '../server/contract/scales/schemas.ts'
import type { Scale } from '../server/core/scales/store.ts'
import type { ExecuteResult, Job, StoredPlan } from '../server/contract/api/smart.ts'
import type { RecordScores } from '../server/contract/scoring/score.ts'
import { call, data } from './api.ts'

export type { Expert, ExpertComment, ExecuteResult, Job, ReportPage, Scale, SectionType, SetThemeInput, StoredPlan, Theme }
export type { Plan } from '../server/contract/smart/plan.ts'

export interface ReportPreview {
  format: 'text' | 'html'
  scores: RecordScores
  content: string
}

export interface SectionInput {
  type: SectionType
  title?: string
  text?: string
  scale?: string
  position?: number
}

const id = encodeURIComponent
const app = (appId: string) => `/apps/${id(appId)}`

/** The assessment and smart-generation routes, one method per route the editors use. */
export const assessmentApi = {
  scales: async (appId: string) => (await data<{ scales: Scale[] }>('GET', `${app(appId)}/scales`)).scales,
  createScale: (appId: string, input: CreateScaleInput) => data<Scale>('POST', `${app(appId)}/scales`, input),
  updateScale: (appId: string, scaleId: string, input: UpdateScaleInput) => data<Scale>('PATCH', `${app(appId)}/scales/${id(scaleId)}`, input),
  deleteScale: (appId: string, scaleId: string) => data<{ deleted: true; id: string }>('DELETE', `${app(appId)}/scales/${id(scaleId)}`),
  setLevel: (appId: string, scaleId: string, level: string, input: SetLevelInput) =>
    data<Scale>('PUT', `${app(appId)}/scales/${id(scaleId)}/levels/${id(level)}`, input),
  rescore: (appId: string) => data<{ rescored: number }>('POST', `${app(appId)}/scales/rescore`),

  report: async (appId: string) => (await data<{ pages: ReportPage[] }>('GET', `${app(appId)}/report`)).pages,
  addPage: (appId: string, input: { title?: string; position?: number }) => data<ReportPage>('POST', `${app(appId)}/report/pages`, input),
  updatePage: (appId: string, pageId: string, input: { title?: string; position?: number }) =>
    data<ReportPage>('PATCH', `${app(appId)}/report/pages/${id(pageId)}`, input),
  deletePage: (appId: string, pageId: string) => data<{ deleted: true; id: string }>('DELETE', `${app(appId)}/report/pages/${id(pageId)}`),
  addSection: (appId: string, pageId: string, input: SectionInput) => data<ReportPage>('POST', `${app(appId)}/report/pages/${id(pageId)}/sections`, input),
  deleteSection: (appId: string, pageId: string, sectionId: string) =>
    data<ReportPage>('DELETE', `${app(appId)}/report/pages/${id(pageId)}/sections/${id(sectionId)}`),
  previewReport: (appId: string, answers: Record<string, unknown>, format: 'text' | 'html') =>
    data<ReportPreview>('POST', `${app(appId)}/report/preview`, { data: answers, format }),

  expert: (appId: string) => data<Expert>('GET', `${app(appId)}/expert`),
  setExpert: (appId: string, input: { name?: string; title?: string; bio?: string; avatarUrl?: string | null }) =>
    data<Expert>('PATCH', `${app(appId)}/expert`, input),
  setComment: (appId: string, scale: string, level: string, text: string) =>
    data<ExpertComment>('PUT', `${app(appId)}/expert/comments/${id(scale)}/${id(level)}`, { text }),
  deleteComment: (appId: string, scale: string, level: string) =>
    data<{ deleted: true }>('DELETE', `${app(appId)}/expert/comments/${id(scale)}/${id(level)}`),

  theme: (appId: string) => data<Theme>('GET', `${app(appId)}/connect`),
  setTheme: (appId: string, input: SetThemeInput) => data<Theme>('PATCH', `${app(appId)}/connect`, input),
  resetTheme: (appId: string) => data<Theme>('POST', `${app(appId)}/connect/reset`),
  previewTheme: (appId: string, input: SetThemeInput) => data<{ theme: Theme; html: string }>('POST', `${app(appId)}/connect/preview`, input),

  startPlanning: (instruction: string) => call('plans.create', { body: { instruction } }),
  job: (jobId: string) => call('smart.job', { params: { id: jobId } }),
  cancelJob: (jobId: string) => call('smart.cancelJob', { params: { id: jobId } }),
  plan: (planId: string) => call('plans.get', { params: { id: planId } }),
  executePlan: (planId: string) => call('plans.execute', { params: { id: planId }, body: {} }),
}

/** Server validation problems (`details.problems`) of a failed call, or none. */
export function problemsOf(error: unknown): Array<{ path: string; message: string }> {
  const problems = (error as { details?: { problems?: unknown } } | null)?.details?.problems
  return Array.isArray(problems) ? problems.filter((p) => typeof p?.message === 'string').map((p) => ({ path: String(p.path ?? ''), message: p.message })) : []
}
