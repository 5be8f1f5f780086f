/**
 * @module Input schemas of the smart-generation operations, shared by the HTTP routes (and
 * so the OpenAPI document), the CLI and the MCP tools. The plan document itself is
 * checked by check-plan.ts, which also knows the rules between sections.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { PLAN_MODULES } from './plan.ts'

/** The planners: `builtin` (rules and an item library, no external service) and `llm` (SVC_LLM_URL). */
export const PLANNER_NAMES = ['builtin', 'llm'] as const
export type PlannerName = (typeof PLANNER_NAMES)[number]

/**
 * Who wrote a stored plan: a planner, the instrument library (a validated instrument the
 * instruction named), or the caller (a complete plan sent by a person, a script, or an MCP
 * client's own model).
 */
export const PLAN_AUTHORS = [...PLANNER_NAMES, 'instrument', 'caller'] as const
export type PlanAuthor = (typeof PLAN_AUTHORS)[number]

/** The states of a planning job: queued or running until it succeeds, fails or is cancelled. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** Longest instruction accepted; a plan is made from a paragraph, not a document. */
export const MAX_INSTRUCTION_LENGTH = 5000

export const startPlanningSchema = bodyObject({
  instruction: z
    .string({ error: expect('a string') })
    .trim()
    .min(
      1,
      'cannot be empty: describe the form or assessment, e.g. "a contact form with name, email and message" or "a 10-question wellbeing check with 2 dimensions"',
    )
    .max(MAX_INSTRUCTION_LENGTH, `can have at most ${MAX_INSTRUCTION_LENGTH} characters`),
  planner: z
    .enum(PLANNER_NAMES, { error: expect(`one of ${PLANNER_NAMES.join(', ')}`) })
    .optional()
    .meta({ description: 'Default: llm when the server has SVC_LLM_URL, else builtin' }),
})
export type StartPlanningInput = z.input<typeof startPlanningSchema>

export const draftPlanSchema = bodyObject({ instruction: startPlanningSchema.shape.instruction })
export type DraftPlanInput = z.input<typeof draftPlanSchema>

export const savePlanSchema = bodyObject({
  plan: z
    .record(z.string(), z.unknown(), {
      error: expect(
        'a plan object (version, language, instruction, app, form, scale, report, expert, connect, share, notes)',
      ),
    })
    .meta({
      description:
        'A complete plan document (the shape GET /smart/plans/:id answers as `plan`); checked in full, 422 lists every problem',
    }),
})
export type SavePlanInput = z.input<typeof savePlanSchema>

export const executePlanSchema = bodyObject({
  module: z
    .enum(PLAN_MODULES, { error: expect(`one of ${PLAN_MODULES.join(', ')}`) })
    .optional()
    .meta({ description: 'Run only this module (the app is created first if needed); default: every module in order' }),
})
export type ExecutePlanInput = z.input<typeof executePlanSchema>

export const validatePlanSchema = bodyObject({
  plan: z
    .unknown()
    .optional()
    .meta({ description: 'A plan document to check instead of the stored one; nothing is saved' }),
})
export type ValidatePlanInput = z.input<typeof validatePlanSchema>
