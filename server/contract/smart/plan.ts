/**
 * @module The smart-generation plan: one JSON document with a section per module (form,
 * scale, report, expert, connect, share), the defaults the planner chose (`notes`) and
 * the app's language. Shapes follow the modules' own stored shapes (server/core/scales/
 * schemas.ts: a scale section *is* a `scale add` input, a theme a `connect set` input…)
 * and point at fields and scales by name and key, because nothing has an id until the
 * plan is executed. Cross-references and score coverage are checked in check-plan.ts.
 */
import { z } from 'zod'
import { appDescriptionSchema, appNameSchema } from '../apps/schemas.ts'
import { fieldLabelSchema, fieldNameSchema, fieldOptionsSchema, fieldTypeSchema } from '../fields/schemas.ts'
import { setThemeSchema } from '../connect/schemas.ts'
import { setCommentSchema, setExpertSchema } from '../expert/schemas.ts'
import { ASSESSMENT, LIMITS } from '../limits.ts'
import { addSectionSchema } from '../reports/schemas.ts'
import { createScaleSchema, scaleKeySchema } from '../scales/schemas.ts'

export const PLAN_LANGUAGES = ['en', 'zh'] as const
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number]

/** The modules a plan has sections for, in the order execute runs them. */
export const PLAN_MODULES = ['form', 'scale', 'report', 'expert', 'connect', 'share'] as const
export type PlanModule = (typeof PLAN_MODULES)[number]

export const planFieldSchema = z.strictObject({
  name: fieldNameSchema,
  type: fieldTypeSchema,
  label: fieldLabelSchema,
  options: fieldOptionsSchema.nullable(),
  required: z.boolean(),
})

/**
 * A scale exactly as `scale add` takes it (server/contract/scales/schemas.ts). Items name
 * their field by name, which the scale module accepts as well as an id.
 */
export const planScaleSchema = createScaleSchema

/** A report section as `report section add` takes it, without a position (sections keep plan order). */
export const planSectionSchema = addSectionSchema.omit({ position: true })

export const planPageSchema = z.strictObject({
  title: z.string().trim().min(1, 'cannot be empty').max(200, 'can have at most 200 characters'),
  sections: z.array(planSectionSchema).min(1, 'needs at least one section').max(ASSESSMENT.maxSectionsPerPage),
})

/** The expert's advice for one level of one scale, as `expert comment set` takes it. */
export const planCommentSchema = setCommentSchema.extend({ scale: scaleKeySchema, level: scaleKeySchema })

export const planSchema = z.strictObject({
  version: z.literal(1),
  language: z.enum(PLAN_LANGUAGES),
  /** The instruction the plan was made from. */
  instruction: z.string(),
  app: z.strictObject({ name: appNameSchema, description: appDescriptionSchema }),
  form: z.strictObject({ fields: z.array(planFieldSchema).min(1, 'needs at least one field').max(LIMITS.maxFields) }),
  scale: z.strictObject({ scales: z.array(planScaleSchema).max(ASSESSMENT.maxScales) }),
  report: z.strictObject({ pages: z.array(planPageSchema).max(ASSESSMENT.maxReportPages) }),
  /** `profile` as `expert set` takes it. */
  expert: z.strictObject({ profile: setExpertSchema, commentary: z.array(planCommentSchema) }),
  /** `theme` as `connect set` takes it. */
  connect: z.strictObject({ theme: setThemeSchema }),
  share: z.strictObject({ publish: z.boolean() }),
  /** The defaults the planner chose and why, one sentence each. */
  notes: z.array(z.string()),
})

export type Plan = z.output<typeof planSchema>
export type PlanField = Plan['form']['fields'][number]
export type PlanScale = Plan['scale']['scales'][number]
export type PlanItem = NonNullable<PlanScale['items']>[number]
export type PlanSection = z.output<typeof planSectionSchema>
export type PlanTheme = Plan['connect']['theme']
