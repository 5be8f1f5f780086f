/**
 * @module Report pages and their sections: add, list, change, move, remove. Positions are
 * kept dense (0, 1, 2…) so a page's number is its place.
 */
import type { AppContext } from '../context.ts'
import type { ReportPagePatch } from '../../db/storage/reports.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound, validationError, type Problem } from '../../contract/errors.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { newId } from '../ids.ts'
import { ASSESSMENT } from '../../contract/limits.ts'
import { scaleRecordsOf } from '../scales/store.ts'
import { placeholderProblems } from '../../contract/reports/placeholders.ts'
import {
  addPageSchema,
  addSectionSchema,
  updatePageSchema,
  type AddPageInput,
  type AddSectionInput,
  type UpdatePageInput,
} from '../../contract/reports/schemas.ts'
import { findPage, pageRowsOf, sectionsOf, toPage, type PageRow, type ReportPage, type StoredSection } from './store.ts'

/** Pages of an app as the API shows them (no ownership check). */
export async function reportPagesOf(ctx: AppContext, appId: string): Promise<ReportPage[]> {
  const scales = await scaleRecordsOf(ctx, appId)
  return (await pageRowsOf(ctx, appId)).map((row, index) => toPage(row, index, scales))
}

const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(Math.min(to, copy.length), 0, item)
  return copy
}

/** The view of page `id` after a change; 404 (by `ref`) when it was removed meanwhile. */
async function pageOf(ctx: AppContext, appId: string, id: string, ref: string = id): Promise<ReportPage> {
  const page = (await reportPagesOf(ctx, appId)).find((p) => p.id === id)
  if (!page) throw pageGone(ref)
  return page
}

const pageGone = (ref: string) => notFound(`Report page ${JSON.stringify(ref)}`)

const pageLimit = () =>
  validationError([{ path: '', message: `a report can have at most ${ASSESSMENT.maxReportPages} pages` }])

/**
 * Changes page `ref` of `appId` as stored when the change is made: `change` (pure) gets the
 * page's sections and returns the patch; 404 when the page is gone.
 */
async function changePage(
  ctx: AppContext,
  appId: string,
  ref: string,
  change: (row: PageRow) => Omit<ReportPagePatch, 'updatedAt'>,
): Promise<ReportPage> {
  const { row } = findPage(await pageRowsOf(ctx, appId), ref)
  const updated = await ctx.storage.reports.update(appId, row.id, (current) => ({
    ...change(current),
    updatedAt: ctx.clock.now(),
  }))
  if (!updated) throw pageGone(ref)
  return pageOf(ctx, appId, row.id, ref)
}

/** The pages of one of `userId`'s apps. */
export async function listReportPages(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ pages: ReportPage[] }> {
  await requireApp(ctx, userId, appId)
  return { pages: await reportPagesOf(ctx, appId) }
}

/** Adds an empty page (last, or at `position`). */
export async function addReportPage(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: AddPageInput,
): Promise<ReportPage> {
  const parsed = parseInput(addPageSchema, input)
  await requireApp(ctx, userId, appId)
  const id = newId()
  const added = await ctx.storage.reports.add(
    { id, appId, title: parsed.title ?? '', sections: '[]', createdAt: ctx.clock.now() },
    parsed.position === undefined ? null : parsed.position - 1,
    (pages) => {
      if (pages >= ASSESSMENT.maxReportPages) throw pageLimit()
    },
  )
  if (!added.ok) throw notFound('App')
  return pageOf(ctx, appId, id)
}

/** Renames or moves a page (by id or number). */
export async function updateReportPage(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  input: UpdatePageInput,
): Promise<ReportPage> {
  const patch = parseInput(updatePageSchema, input)
  await requireApp(ctx, userId, appId)
  return changePage(ctx, appId, ref, () => ({
    title: patch.title,
    position: patch.position === undefined ? undefined : patch.position - 1,
  }))
}

/** Removes a page and its sections. */
export async function removeReportPage(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
): Promise<{ deleted: true; id: string }> {
  await requireApp(ctx, userId, appId)
  const { row } = findPage(await pageRowsOf(ctx, appId), ref)
  if (!(await ctx.storage.reports.remove(appId, row.id))) throw pageGone(ref)
  return { deleted: true, id: row.id }
}

async function sectionFrom(
  ctx: AppContext,
  appId: string,
  input: ReturnType<typeof addSectionSchema.parse>,
): Promise<StoredSection> {
  const problems: Problem[] = []
  const text = input.text ?? ''
  if ((input.type === 'intro' || input.type === 'closing') && text === '')
    problems.push({ path: 'text', message: `is required for an ${input.type} section` })
  if (input.type === 'score' && input.scale === undefined)
    problems.push({ path: 'scale', message: 'is required for a score section: name the scale to show' })
  if (input.type === 'chart' && input.scale !== undefined)
    problems.push({ path: 'scale', message: 'a chart shows every scale; leave scale out' })
  const scales = await scaleRecordsOf(ctx, appId)
  let scaleId: string | null = null
  if (input.scale !== undefined && input.type !== 'chart') {
    scaleId =
      (scales.find((scale) => scale.id === input.scale) ?? scales.find((scale) => scale.key === input.scale))?.id ??
      null
    if (scaleId === null)
      problems.push({
        path: 'scale',
        message: `no scale ${JSON.stringify(input.scale)} in this app; scales: ${scales.map((s) => s.key).join(', ') || '(none yet)'}`,
      })
  }
  const fieldNames = (await fieldRowsOf(ctx, appId)).map((field) => field.name)
  const scaleKeys = scales.map((scale) => scale.key)
  problems.push(
    ...placeholderProblems(text, fieldNames, scaleKeys, 'text'),
    ...placeholderProblems(input.title ?? '', fieldNames, scaleKeys, 'title'),
  )
  if (problems.length > 0) throw validationError(problems)
  return { id: newId(), type: input.type, title: input.title ?? '', text, scaleId }
}

/** Adds a section to a page (last, or at `position`). */
export async function addReportSection(
  ctx: AppContext,
  userId: string,
  appId: string,
  pageRef: string,
  input: AddSectionInput,
): Promise<ReportPage> {
  const parsed = parseInput(addSectionSchema, input)
  await requireApp(ctx, userId, appId)
  const { row } = findPage(await pageRowsOf(ctx, appId), pageRef)
  const sectionLimit = () =>
    validationError([{ path: '', message: `a page can have at most ${ASSESSMENT.maxSectionsPerPage} sections` }])
  if (sectionsOf(row).length >= ASSESSMENT.maxSectionsPerPage) throw sectionLimit()
  const section = await sectionFrom(ctx, appId, parsed)
  return changePage(ctx, appId, row.id, (current) => {
    const sections = sectionsOf(current)
    if (sections.length >= ASSESSMENT.maxSectionsPerPage) throw sectionLimit()
    return {
      sections: JSON.stringify(
        moved([...sections, section], sections.length, (parsed.position ?? sections.length + 1) - 1),
      ),
    }
  })
}

/** Removes a section (by id, or 1-based number on its page). */
export async function removeReportSection(
  ctx: AppContext,
  userId: string,
  appId: string,
  pageRef: string,
  sectionRef: string,
): Promise<ReportPage> {
  await requireApp(ctx, userId, appId)
  return changePage(ctx, appId, pageRef, (current) => {
    const sections = sectionsOf(current)
    const byId = sections.findIndex((section) => section.id === sectionRef)
    const index = byId >= 0 ? byId : /^[1-9]\d{0,2}$/.test(sectionRef) ? Number(sectionRef) - 1 : -1
    if (index < 0 || index >= sections.length)
      throw notFound(`Section ${JSON.stringify(sectionRef)} on page ${current.position + 1}`)
    return { sections: JSON.stringify(sections.filter((_, i) => i !== index)) }
  })
}
