/**
 * @module One function per plan module that makes the module's part of the app through
 * that module's own core functions (never HTTP). Each is idempotent: it matches what
 * already exists (fields by name, scales by key, report pages by position and title,
 * sections by count) and only adds what is missing, while expert, connect and share
 * settings are set outright. A re-run after a failure therefore resumes.
 */
import type { AppContext } from '../core/context.ts'
import { setTheme } from '../core/connect/connect.ts'
import { listExpertComments, setExpert, setExpertComment } from '../core/expert/expert.ts'
import { addField, listFields } from '../core/fields/fields.ts'
import { addReportPage, addReportSection, listReportPages } from '../core/reports/pages.ts'
import { createScale, listScales } from '../core/scales/scales.ts'
import { publish } from '../core/share/publish.ts'
import { getShare } from '../core/share/settings.ts'
import type { Plan, PlanModule } from '../contract/smart/plan.ts'
import type { Execution, ModuleOutcome } from '../contract/api/smart.ts'

/** What executing a plan has done so far (stored with the plan), and one module's part of it: the contract's shapes. */
export type { Execution, ModuleOutcome }

/** What one module's step made (`created`) and found already there (`existing`). */
export type StepResult = Pick<ModuleOutcome, 'created' | 'existing'>

export type Step = (ctx: AppContext, userId: string, appId: string, plan: Plan) => Promise<StepResult>

const formStep: Step = async (ctx, userId, appId, plan) => {
  const have = new Set((await listFields(ctx, userId, appId)).map((field) => field.name))
  const result: StepResult = { created: [], existing: [] }
  for (const field of plan.form.fields) {
    if (have.has(field.name)) {
      result.existing.push(field.name)
      continue
    }
    await addField(ctx, userId, appId, {
      name: field.name,
      type: field.type,
      label: field.label,
      required: field.required,
      options: field.options,
    })
    result.created.push(field.name)
  }
  return result
}

const scaleStep: Step = async (ctx, userId, appId, plan) => {
  const have = new Set((await listScales(ctx, userId, appId)).scales.map((scale) => scale.key))
  const result: StepResult = { created: [], existing: [] }
  for (const scale of plan.scale.scales) {
    if (have.has(scale.key)) {
      result.existing.push(scale.key)
      continue
    }
    await createScale(ctx, userId, appId, scale)
    result.created.push(scale.key)
  }
  return result
}

const reportStep: Step = async (ctx, userId, appId, plan) => {
  const result: StepResult = { created: [], existing: [] }
  for (const [index, page] of plan.report.pages.entries()) {
    const pages = (await listReportPages(ctx, userId, appId)).pages
    // The page at the same place with the same title is ours from an earlier run.
    const found = pages[index]?.title === page.title ? pages[index] : undefined
    const target = found ?? (await addReportPage(ctx, userId, appId, { title: page.title }))
    const label = `page ${index + 1} "${page.title}"`
    ;(found ? result.existing : result.created).push(label)
    for (const [offset, section] of page.sections.slice(target.sections.length).entries()) {
      await addReportSection(ctx, userId, appId, target.id, section)
      result.created.push(`${label} section ${target.sections.length + offset + 1} (${section.type})`)
    }
  }
  return result
}

const expertStep: Step = async (ctx, userId, appId, plan) => {
  // A plain form has no expert: nothing is stored, so respondents get a thank-you page, not a report.
  if (Object.keys(plan.expert.profile).length === 0 && plan.expert.commentary.length === 0)
    return { created: [], existing: [] }
  await setExpert(ctx, userId, appId, plan.expert.profile)
  const had = new Set(
    (await listExpertComments(ctx, userId, appId)).comments.map((comment) => `${comment.scale}/${comment.level}`),
  )
  const result: StepResult = { created: ['profile'], existing: [] }
  for (const comment of plan.expert.commentary) {
    const key = `${comment.scale}/${comment.level}`
    await setExpertComment(ctx, userId, appId, comment.scale, comment.level, { text: comment.text })
    ;(had.has(key) ? result.existing : result.created).push(`comment ${key}`)
  }
  return result
}

const connectStep: Step = async (ctx, userId, appId, plan) => {
  await setTheme(ctx, userId, appId, plan.connect.theme)
  return { created: ['theme'], existing: [] }
}

const shareStep: Step = async (ctx, userId, appId, plan) => {
  if (!plan.share.publish) return { created: [], existing: [] }
  if ((await getShare(ctx, userId, appId)).published) return { created: [], existing: ['published'] }
  await publish(ctx, userId, appId)
  return { created: ['published'], existing: [] }
}

/** The step of every module, in the order execute runs them. */
export const STEPS: Record<PlanModule, Step> = {
  form: formStep,
  scale: scaleStep,
  report: reportStep,
  expert: expertStep,
  connect: connectStep,
  share: shareStep,
}
