/**
 * @module Validation of a whole plan: its shape (plan.ts) and the rules between sections
 * that a schema cannot express — unique names and keys, items pointing at scorable form
 * fields with a score for every option, levels tiling the possible score range (the
 * scale module's own coverage check), and report/expert references to real scales and
 * levels. Every problem is listed with its path, so one answer says everything to fix.
 */
import type { z } from 'zod'
import { problemsOf } from '../apps/input.ts'
import { validationError, type Problem } from '../errors.ts'
import { definitionProblems } from '../fields/schemas.ts'
import { gapProblems, overlapProblems } from '../scales/coverage.ts'
import { itemRange, scaleRange, SCORABLE_TYPES, scoringOf, type Range } from '../scales/model.ts'
import { planSchema, type Plan, type PlanField, type PlanItem, type PlanScale } from './plan.ts'

/** The possible score range of a plan scale, or null when an item cannot be scored. */
export function planScaleRange(scale: Pick<PlanScale, 'items' | 'method'>, fields: readonly PlanField[]): Range | null {
  const ranges = (scale.items ?? []).map((item) => {
    const field = fields.find((candidate) => candidate.name === item.field)
    return field
      ? {
          weight: item.weight,
          range: itemRange({ scores: item.scores ?? null, min: item.min ?? null, max: item.max ?? null }, field.type),
        }
      : null
  })
  if (ranges.some((range) => range === null)) return null
  return scaleRange(scale.method, ranges as Array<{ weight: number; range: Range }>)
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index)
}

function itemProblems(item: PlanItem, path: string, fields: readonly PlanField[]): Problem[] {
  const field = fields.find((candidate) => candidate.name === item.field)
  if (!field) return [{ path: `${path}.field`, message: `names no form field: ${JSON.stringify(item.field)}` }]
  if (!SCORABLE_TYPES.includes(field.type)) {
    return [
      {
        path: `${path}.field`,
        message: `field ${JSON.stringify(field.name)} is a ${field.type} field; only ${SCORABLE_TYPES.join(', ')} fields can be scored`,
      },
    ]
  }
  // Scored by its value (a number, a rating, an NPS), else per option (a choice, a Likert point, several choices).
  if (scoringOf(field.type)?.by === 'value') {
    const problems: Problem[] = []
    if (item.scores !== undefined)
      problems.push({ path: `${path}.scores`, message: 'leave it out for a number field (its value is the score)' })
    if (item.min === undefined || item.max === undefined)
      problems.push({ path, message: 'a number item needs both min and max, so the score range is known' })
    else if (item.min >= item.max) problems.push({ path: `${path}.max`, message: `must be above min (${item.min})` })
    return problems
  }
  const problems: Problem[] = []
  if (item.min !== undefined || item.max !== undefined)
    problems.push({ path, message: 'min and max are for number fields; leave them out for a choice field' })
  if (item.scores === undefined)
    return [
      ...problems,
      { path: `${path}.scores`, message: `needs a score for every option of ${JSON.stringify(field.name)}` },
    ]
  const options = field.options ?? []
  const missing = options.filter((option) => !(option in item.scores!))
  const unknown = Object.keys(item.scores).filter((option) => !options.includes(option))
  if (missing.length)
    problems.push({
      path: `${path}.scores`,
      message: `has no score for ${missing.map((o) => JSON.stringify(o)).join(', ')}`,
    })
  if (unknown.length)
    problems.push({
      path: `${path}.scores`,
      message: `scores options the field does not have: ${unknown.map((o) => JSON.stringify(o)).join(', ')}`,
    })
  return problems
}

function scaleProblems(scale: PlanScale, path: string, fields: readonly PlanField[]): Problem[] {
  const problems: Problem[] = []
  const items = scale.items ?? []
  const levels = scale.levels ?? []
  // A plan's scales must be complete: scoring nothing, or scoring without levels, makes an empty report.
  if (items.length === 0) problems.push({ path: `${path}.items`, message: 'needs at least one item' })
  if (levels.length === 0) problems.push({ path: `${path}.levels`, message: 'needs at least one level' })
  for (const [index, item] of items.entries()) problems.push(...itemProblems(item, `${path}.items.${index}`, fields))
  for (const name of new Set(duplicates(items.map((item) => item.field)))) {
    problems.push({ path: `${path}.items`, message: `field ${JSON.stringify(name)} is scored twice in this scale` })
  }
  for (const key of new Set(duplicates(levels.map((level) => level.key)))) {
    problems.push({ path: `${path}.levels`, message: `level key ${JSON.stringify(key)} is used twice` })
  }
  levels.forEach((level, index) => {
    if (level.min !== null && level.max !== null && level.min >= level.max)
      problems.push({ path: `${path}.levels.${index}.max`, message: `must be above min (${level.min})` })
  })
  if (problems.length) return problems
  const range = planScaleRange(scale, fields)
  const stored = levels.map((level) => ({ ...level, interpretation: level.interpretation ?? '' }))
  const coverage = [...overlapProblems(stored), ...gapProblems(stored, range)]
  return coverage.map((problem) => ({ path: `${path}.levels`, message: problem.message }))
}

function fieldProblems(plan: Plan): Problem[] {
  const problems: Problem[] = []
  plan.form.fields.forEach((field, index) => {
    for (const problem of definitionProblems(field.type, field.options))
      problems.push({ path: `form.fields.${index}.${problem.path}`, message: problem.message })
  })
  for (const name of new Set(duplicates(plan.form.fields.map((field) => field.name)))) {
    problems.push({ path: 'form.fields', message: `two fields are named ${JSON.stringify(name)}` })
  }
  return problems
}

function referenceProblems(plan: Plan): Problem[] {
  const problems: Problem[] = []
  const scales = new Map(plan.scale.scales.map((scale) => [scale.key, scale]))
  plan.report.pages.forEach((page, pageIndex) => {
    page.sections.forEach((section, sectionIndex) => {
      const path = `report.pages.${pageIndex}.sections.${sectionIndex}`
      if (section.type === 'score' && section.scale === undefined)
        problems.push({ path: `${path}.scale`, message: 'a score section needs the key of the scale it shows' })
      if (section.scale !== undefined && !scales.has(section.scale))
        problems.push({
          path: `${path}.scale`,
          message: `names no scale of the plan: ${JSON.stringify(section.scale)}`,
        })
      if ((section.type === 'intro' || section.type === 'closing') && !section.text)
        problems.push({ path: `${path}.text`, message: `an ${section.type} section needs text` })
    })
  })
  plan.expert.commentary.forEach((comment, index) => {
    const scale = scales.get(comment.scale)
    if (!scale)
      problems.push({
        path: `expert.commentary.${index}.scale`,
        message: `names no scale of the plan: ${JSON.stringify(comment.scale)}`,
      })
    else if (!(scale.levels ?? []).some((level) => level.key === comment.level)) {
      problems.push({
        path: `expert.commentary.${index}.level`,
        message: `scale ${JSON.stringify(scale.key)} has no level ${JSON.stringify(comment.level)}`,
      })
    }
  })
  const pairs = plan.expert.commentary.map((comment) => `${comment.scale}/${comment.level}`)
  for (const pair of new Set(duplicates(pairs)))
    problems.push({ path: 'expert.commentary', message: `two comments for ${pair}` })
  return problems
}

/** Every problem of `input` as a plan, or the parsed plan. */
export function checkPlan(input: unknown): { plan: Plan; problems: [] } | { plan: null; problems: Problem[] } {
  const parsed = planSchema.safeParse(input)
  if (!parsed.success) return { plan: null, problems: problemsOf(parsed.error as z.ZodError) }
  const plan = parsed.data
  const problems = [...fieldProblems(plan)]
  for (const key of new Set(duplicates(plan.scale.scales.map((scale) => scale.key)))) {
    problems.push({ path: 'scale.scales', message: `two scales have the key ${JSON.stringify(key)}` })
  }
  for (const [index, scale] of plan.scale.scales.entries()) {
    problems.push(...scaleProblems(scale, `scale.scales.${index}`, plan.form.fields))
  }
  problems.push(...referenceProblems(plan))
  return problems.length ? { plan: null, problems } : { plan, problems: [] }
}

/** The parsed plan, or a 422 `validation` error listing every problem. */
export function requireValidPlan(input: unknown): Plan {
  const checked = checkPlan(input)
  if (!checked.plan)
    throw validationError(
      checked.problems,
      `The plan is not valid: ${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}; fix them and save again`,
    )
  return checked.plan
}
