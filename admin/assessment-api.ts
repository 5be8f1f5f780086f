/**
 * @module The admin page's calls to the assessment routes (scales, report, expert, connect)
 * and smart generation, on top of api.ts's fetch helpers. The assessment calls go through
 * `call` by their operation's name (server/contract/api), which gives their paths, inputs and
 * answer types; shapes are imported as types only so nothing of the server enters the bundle.
 */
import type { AnswerOf, InputOf } from '../server/contract/api/request.ts'
import type { Theme } from '../server/contract/api/connect.ts'
import type { Expert, ExpertComment } from '../server/contract/api/expert.ts'
import type { ReportPage } from '../server/contract/api/reports.ts'
import type { Scale } from '../server/contract/api/scales.ts'
import type { SetThemeInput } from '../server/contract/connect/schemas.ts'
import type { SectionType } from '../server/contract/reports/schemas.ts'
import type { CreateScaleInput, SetLevelInput, UpdateScaleInput } from '../server/contract/scales/schemas.ts'
import type { ExecuteResult, Job, StoredPlan } from '../server/contract/api/smart.ts'
import { call } from './api.ts'

export type {
  Expert,
  ExpertComment,
  ExecuteResult,
  Job,
  ReportPage,
  Scale,
  SectionType,
  SetThemeInput,
  StoredPlan,
  Theme,
}
export type { Plan } from '../server/contract/smart/plan.ts'

/** The scores and rendered report `previewReport` gives back. */
export type ReportPreview = AnswerOf<'reports.preview'>

/** A section to add to a report page. */
export type SectionInput = InputOf<'reports.addSection'>['body']

/** The assessment and smart-generation routes, one method per route the editors use. */
export const assessmentApi = {
  scales: async (appId: string) => (await call('scales.list', { params: { id: appId } })).scales,
  createScale: (appId: string, input: CreateScaleInput) => call('scales.add', { params: { id: appId }, body: input }),
  updateScale: (appId: string, scaleId: string, input: UpdateScaleInput) =>
    call('scales.update', { params: { id: appId, scale: scaleId }, body: input }),
  deleteScale: (appId: string, scaleId: string) => call('scales.remove', { params: { id: appId, scale: scaleId } }),
  setLevel: (appId: string, scaleId: string, level: string, input: SetLevelInput) =>
    call('scales.setLevel', { params: { id: appId, scale: scaleId, level }, body: input }),
  rescore: (appId: string) => call('scales.rescore', { params: { id: appId } }),

  report: async (appId: string) => (await call('reports.get', { params: { id: appId } })).pages,
  addPage: (appId: string, input: InputOf<'reports.addPage'>['body']) =>
    call('reports.addPage', { params: { id: appId }, body: input }),
  updatePage: (appId: string, pageId: string, input: InputOf<'reports.updatePage'>['body']) =>
    call('reports.updatePage', { params: { id: appId, page: pageId }, body: input }),
  deletePage: (appId: string, pageId: string) => call('reports.removePage', { params: { id: appId, page: pageId } }),
  addSection: (appId: string, pageId: string, input: SectionInput) =>
    call('reports.addSection', { params: { id: appId, page: pageId }, body: input }),
  deleteSection: (appId: string, pageId: string, sectionId: string) =>
    call('reports.removeSection', { params: { id: appId, page: pageId, section: sectionId } }),
  previewReport: (appId: string, answers: Record<string, unknown>, format: 'text' | 'html') =>
    call('reports.preview', { params: { id: appId }, body: { data: answers, format } }),

  expert: (appId: string) => call('expert.get', { params: { id: appId } }),
  setExpert: (appId: string, input: InputOf<'expert.update'>['body']) =>
    call('expert.update', { params: { id: appId }, body: input }),
  setComment: (appId: string, scale: string, level: string, text: string) =>
    call('expert.setComment', { params: { id: appId, scale, level }, body: { text } }),
  deleteComment: (appId: string, scale: string, level: string) =>
    call('expert.removeComment', { params: { id: appId, scale, level } }),

  theme: (appId: string) => call('connect.get', { params: { id: appId } }),
  setTheme: (appId: string, input: SetThemeInput) => call('connect.update', { params: { id: appId }, body: input }),
  resetTheme: (appId: string) => call('connect.reset', { params: { id: appId } }),
  previewTheme: (appId: string, input: SetThemeInput) =>
    call('connect.preview', { params: { id: appId }, body: input }),

  startPlanning: (instruction: string) => call('plans.create', { body: { instruction } }),
  job: (jobId: string) => call('smart.job', { params: { id: jobId } }),
  cancelJob: (jobId: string) => call('smart.cancelJob', { params: { id: jobId } }),
  plan: (planId: string) => call('plans.get', { params: { id: planId } }),
  executePlan: (planId: string) => call('plans.execute', { params: { id: planId }, body: {} }),
}

/** Server validation problems (`details.problems`) of a failed call, or none. */
export function problemsOf(error: unknown): Array<{ path: string; message: string }> {
  const problems = (error as { details?: { problems?: unknown } } | null)?.details?.problems
  return Array.isArray(problems)
    ? problems
        .filter((p) => typeof p?.message === 'string')
        .map((p) => ({ path: String(p.path ?? ''), message: p.message }))
    : []
}
