/**
 * @module Stored plans: save, read, list, edit (re-validated) and check. A stored plan is
 * always valid; an edit that is not is refused with every problem listed. Another
 * account's plan is answered exactly like a missing one.
 */
import type { AppContext } from '../core/context.ts'
import type { PlanRow } from '../db/storage/smart.ts'
import { parseInput } from '../contract/apps/input.ts'
import { notFound } from '../contract/errors.ts'
import type { Execution, PlanCheck, PlanSummary, StoredPlan } from '../contract/api/smart.ts'
import { newId } from '../core/ids.ts'
import { checkPlan, requireValidPlan } from '../contract/smart/check-plan.ts'
import type { Plan } from '../contract/smart/plan.ts'
import {
  savePlanSchema,
  validatePlanSchema,
  type PlanAuthor,
  type SavePlanInput,
  type ValidatePlanInput,
} from '../contract/smart/schemas.ts'

/** A stored plan, and the one-line overview of one for lists: the contract's shapes. */
export type { PlanSummary, StoredPlan }

const iso = (ms: number): string => new Date(ms).toISOString()

function toStoredPlan(row: PlanRow): StoredPlan {
  return {
    id: row.id,
    planner: row.planner as PlanAuthor,
    plan: JSON.parse(row.plan) as Plan,
    execution: row.execution === null ? null : (JSON.parse(row.execution) as Execution),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/** The plan row `planId` when `userId` owns it; 404 otherwise. */
export async function requireOwnedPlan(ctx: AppContext, userId: string, planId: string): Promise<PlanRow> {
  const row = await ctx.storage.smart.planOf(userId, planId)
  if (!row) throw notFound('Plan')
  return row
}

/** The row of a new plan by `planner` for `userId` (not stored yet). */
export function newPlanRow(ctx: AppContext, userId: string, planner: PlanAuthor, plan: Plan): PlanRow {
  const now = ctx.clock.now()
  return {
    id: newId(),
    ownerId: userId,
    planner,
    plan: JSON.stringify(plan),
    execution: null,
    createdAt: now,
    updatedAt: now,
  }
}

/** Stores a valid plan made by `planner`; returns its id. */
export async function savePlan(ctx: AppContext, userId: string, planner: PlanAuthor, plan: Plan): Promise<string> {
  const row = newPlanRow(ctx, userId, planner, plan)
  await ctx.storage.smart.insertPlan(row)
  return row.id
}

/** Stores a complete plan written by the caller after checking it (422 listing every problem). */
export async function saveCallerPlan(ctx: AppContext, userId: string, input: SavePlanInput): Promise<StoredPlan> {
  const { plan: document } = parseInput(savePlanSchema, input)
  const plan = requireValidPlan(document)
  const row = newPlanRow(ctx, userId, 'caller', plan)
  await ctx.storage.smart.insertPlan(row)
  return toStoredPlan(row)
}

/** One of `userId`'s plans. */
export const getPlan = async (ctx: AppContext, userId: string, planId: string): Promise<StoredPlan> =>
  toStoredPlan(await requireOwnedPlan(ctx, userId, planId))

/** `userId`'s plans, newest first. */
export async function listPlans(ctx: AppContext, userId: string): Promise<PlanSummary[]> {
  const rows = await ctx.storage.smart.plansOf(userId)
  return rows.map((row) => {
    const stored = toStoredPlan(row)
    return {
      id: stored.id,
      planner: stored.planner,
      name: stored.plan.app.name,
      language: stored.plan.language,
      questions: stored.plan.form.fields.length,
      dimensions: stored.plan.scale.scales.length,
      appId: stored.execution?.appId ?? null,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    }
  })
}

/**
 * Replaces a plan's document after checking it; 422 listing every problem when it is not
 * valid. An executed plan keeps its app but forgets which modules are done, so the next
 * execute runs every step again and adds what the edit added (steps never duplicate).
 */
export async function updatePlan(ctx: AppContext, userId: string, planId: string, input: unknown): Promise<StoredPlan> {
  await requireOwnedPlan(ctx, userId, planId)
  const plan = requireValidPlan(input)
  const row = await ctx.storage.smart.replacePlan(userId, planId, JSON.stringify(plan), forgetModules, ctx.clock.now())
  if (!row) throw notFound('Plan')
  return toStoredPlan(row)
}

/** An execution after an edit: the same app, no module done (JSON text in and out). */
function forgetModules(previous: string | null): string | null {
  if (previous === null) return null
  return JSON.stringify({ appId: (JSON.parse(previous) as Execution).appId, modules: {} } satisfies Execution)
}

/** Checks the stored plan, or `input.plan` without saving it. */
export async function validatePlan(
  ctx: AppContext,
  userId: string,
  planId: string,
  input: ValidatePlanInput = {},
): Promise<PlanCheck> {
  const { plan } = parseInput(validatePlanSchema, input)
  const row = await requireOwnedPlan(ctx, userId, planId)
  const { problems } = checkPlan(plan === undefined ? JSON.parse(row.plan) : plan)
  return { valid: problems.length === 0, problems }
}

/** Records what executing a plan has done so far. */
export async function saveExecution(ctx: AppContext, planId: string, execution: Execution): Promise<void> {
  await ctx.storage.smart.saveExecution(planId, JSON.stringify(execution), ctx.clock.now())
}
