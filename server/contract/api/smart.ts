/**
 * @module The smart-generation operations (`smart.*`: drafts and planning jobs; `plans.*`:
 * stored plans, checking and executing them) and their answers. Owner-only; another
 * account's job or plan is answered exactly like a missing one (404).
 */
import { z } from 'zod'
import { PLAN_LANGUAGES, PLAN_MODULES, planSchema } from '../smart/plan.ts'
import {
  draftPlanSchema,
  executePlanSchema,
  JOB_STATUSES,
  PLAN_AUTHORS,
  PLANNER_NAMES,
  savePlanSchema,
  startPlanningSchema,
  validatePlanSchema,
} from '../smart/schemas.ts'
import { appUrlsSchema } from './apps.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

/** The plan document: a section per module, checked in full whenever it is stored. */
export const planAnswerSchema = named('Plan', () => planSchema)

/** What POST /smart/plans answers: the job, and the plan at once when the planner already finished. */
export const planningStartedSchema = named('PlanningStarted', () =>
  z.object({
    jobId: z.string(),
    status: z.enum(JOB_STATUSES),
    planId: z.string().nullable().meta({
      description:
        'Set at once when the planner finished before answering (the built-in planner does); else null until the job succeeds',
    }),
  }),
)
export type PlanningStarted = z.output<ReturnType<typeof planningStartedSchema>>

export const jobSchema = named('Job', () =>
  z.object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    planner: z.enum(PLANNER_NAMES),
    progress: z.object({
      stage: z.string().meta({ description: 'queued, analysing, planning, saving, done, failed, …' }),
      percent: z.number().min(0).max(100),
      messages: z.array(z.string()).meta({ description: 'Every step so far, oldest first' }),
    }),
    planId: z.string().nullable().meta({ description: 'The plan made, once the job has succeeded' }),
    error: z
      .object({ type: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why a failed job failed' }),
    createdAt: isoTime,
    updatedAt: isoTime,
    finishedAt: isoTime.nullable(),
  }),
)
export type Job = z.output<ReturnType<typeof jobSchema>>

/** A plan made without a model and not stored. */
export const planDraftSchema = named('PlanDraft', () =>
  z.object({
    plan: planAnswerSchema(),
    madeBy: z
      .enum(['builtin', 'instrument'])
      .meta({ description: 'instrument: the instruction named a validated instrument, whose items are kept verbatim' }),
  }),
)
export type PlanDraft = z.output<ReturnType<typeof planDraftSchema>>

/** What one module's run of executing a plan did, stored with the plan. */
export const moduleOutcomeSchema = z.object({
  status: z.enum(['done', 'failed']),
  created: z.array(z.string()),
  existing: z.array(z.string()),
  error: z.string().optional().meta({ description: "The failure's message, when status is failed" }),
  at: isoTime,
})
export type ModuleOutcome = z.output<typeof moduleOutcomeSchema>

/** What executing a plan has done so far. */
export const executionSchema = named('PlanExecution', () =>
  z.object({
    appId: z.string().nullable(),
    modules: z
      .partialRecord(z.enum(PLAN_MODULES), moduleOutcomeSchema)
      .meta({ description: 'Each module run so far, by name' }),
  }),
)
export type Execution = z.output<ReturnType<typeof executionSchema>>

export const storedPlanSchema = named('StoredPlan', () =>
  z.object({
    id: z.string(),
    planner: z
      .enum(PLAN_AUTHORS)
      .meta({ description: 'Who wrote the plan: a planner, the instrument library, or the caller' }),
    plan: planAnswerSchema(),
    execution: executionSchema().nullable().meta({ description: 'null before the first execute' }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type StoredPlan = z.output<ReturnType<typeof storedPlanSchema>>

/** A one-line overview of a plan, for lists. */
export const planSummarySchema = named('PlanSummary', () =>
  z.object({
    id: z.string(),
    planner: z.enum(PLAN_AUTHORS),
    name: z.string().meta({ description: "The app's name in the plan" }),
    language: z.enum(PLAN_LANGUAGES),
    questions: z.number().int(),
    dimensions: z.number().int().meta({ description: 'Scales' }),
    appId: z.string().nullable().meta({ description: 'The app executing the plan made' }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type PlanSummary = z.output<ReturnType<typeof planSummarySchema>>

export const planListSchema = named('PlanList', () => z.object({ plans: z.array(planSummarySchema()) }))
export type PlanList = z.output<ReturnType<typeof planListSchema>>

export const planCheckSchema = named('PlanCheck', () =>
  z.object({
    valid: z.boolean(),
    problems: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .meta({ description: 'Every problem, with its path in the plan; empty when valid' }),
  }),
)
export type PlanCheck = z.output<ReturnType<typeof planCheckSchema>>

export const executeResultSchema = named('PlanExecuteResult', () =>
  z.object({
    planId: z.string(),
    appId: z.string(),
    appCreated: z.boolean().meta({ description: 'Whether this run made the app (false when an earlier run had)' }),
    modules: z
      .array(
        z.object({
          module: z.enum(PLAN_MODULES),
          status: z.enum(['done', 'skipped']),
          created: z.array(z.string()),
          existing: z.array(z.string()),
        }),
      )
      .meta({ description: 'Every module this run looked at, in order; skipped when an earlier run finished it' }),
    urls: appUrlsSchema(),
  }),
)
export type ExecuteResult = z.output<ReturnType<typeof executeResultSchema>>

const tags = ['smart']
const planNotFound = "Another account's plan is a 404, exactly like a missing one."

export const smartOperations = lazyAnswers({
  'smart.draft': {
    summary: 'Draft a plan without a model',
    description:
      "The plan made without a model for an instruction: a validated instrument the instruction names, else the built-in planner's. Not stored: a draft for a model to improve; save the result with POST /api/v3/smart/plans/import.",
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: draftPlanSchema,
    answers: () => ({ 200: data(planDraftSchema(), 'The draft') }),
    errors: [],
  },
  'smart.job': {
    summary: 'Status and progress of a planning job',
    description:
      "A job whose server process is gone is taken over by this one and planned again from the start. Another account's job is a 404, exactly like a missing one.",
    tags,
    access: 'owner',
    permission: 'apps:create',
    answers: () => ({ 200: data(jobSchema(), 'The job') }),
    errors: ['not_found'],
  },
  'smart.cancelJob': {
    summary: 'Cancel a queued or running planning job',
    description: 'Wherever it runs; a job that has already finished is a 409.',
    tags,
    access: 'owner',
    permission: 'apps:create',
    answers: () => ({ 200: data(jobSchema(), 'The job, cancelled') }),
    errors: ['not_found', 'conflict'],
  },
} as const) satisfies OperationsOf<'smart'>

export const planOperations = lazyAnswers({
  'plans.list': {
    summary: 'List your plans',
    description: 'Newest first, all of them.',
    tags,
    access: 'owner',
    permission: 'apps:create',
    answers: () => ({ 200: data(planListSchema(), 'Your plans') }),
    errors: [],
  },
  'plans.create': {
    summary: 'Start planning an app from an instruction',
    description:
      'Planning runs as a job (GET /api/v3/smart/jobs/{id} follows it). The built-in planner finishes before the answer, so its planId is set at once; the LLM planner (SVC_LLM_URL) runs on. Asking for the llm planner on a server without one is a 422.',
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: startPlanningSchema,
    answers: () => ({ 200: data(planningStartedSchema(), 'The job') }),
    errors: [],
  },
  'plans.import': {
    summary: 'Store a complete plan written by the caller',
    description:
      "A plan written by a person, a script or an agent's own model. Checked in full: a 422 lists every problem.",
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: savePlanSchema,
    answers: () => ({ 200: data(storedPlanSchema(), 'The stored plan') }),
    errors: [],
  },
  'plans.get': {
    summary: 'Get a plan',
    description: planNotFound,
    tags,
    access: 'owner',
    permission: 'apps:create',
    answers: () => ({ 200: data(storedPlanSchema(), 'The plan') }),
    errors: ['not_found'],
  },
  'plans.replace': {
    summary: 'Replace a plan document',
    description: `Checked in full: a 422 lists every problem. An executed plan keeps its app but forgets which modules are done, so the next execute runs every step again and adds what the edit added. ${planNotFound}`,
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: planSchema,
    answers: () => ({ 200: data(storedPlanSchema(), 'The plan as it is now') }),
    errors: ['not_found'],
  },
  'plans.validate': {
    summary: 'Check a plan without saving',
    description: `Checks the stored plan (the body may be left out), or the plan document given as \`plan\`; nothing is saved. ${planNotFound}`,
    tags,
    access: 'owner',
    permission: 'apps:create',
    audited: false,
    body: validatePlanSchema.optional(),
    answers: () => ({ 200: data(planCheckSchema(), 'Whether the plan is valid, and every problem') }),
    errors: ['not_found'],
  },
  'plans.execute': {
    summary: 'Build the app from a plan',
    description:
      "Runs every module of the plan in order (form, scale, report, expert, connect, share), or only `module` (the body may be left out), through the modules' own rules: the app is created first if needed. A module finished by an earlier run is skipped, so after a failure (the error names the module, details say which modules completed) fix the plan or the app and execute again.",
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: executePlanSchema.optional(),
    answers: () => ({ 200: data(executeResultSchema(), "What this run did, and the app's URLs") }),
    errors: ['not_found', 'conflict', 'field_limit'],
  },
} as const) satisfies OperationsOf<'plans'>
