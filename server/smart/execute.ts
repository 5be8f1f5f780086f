/**
 * @module Executing a plan: creates the app (once), then runs each module's step in plan
 * order (or one named module), recording after every step what it did on the plan's
 * `execution`, so a failure leaves a record to resume from and a re-run skips finished
 * modules. The result lists the app, what each module created, and the app's URLs.
 */
import type { AppContext } from '../core/context.ts'
import { createApp } from '../core/apps/apps.ts'
import { parseInput } from '../contract/apps/input.ts'
import { requireApp } from '../core/apps/member-app.ts'
import { appUrls } from '../core/apps/urls.ts'
import { AppError } from '../contract/errors.ts'
import { STEPS, type Execution, type ModuleOutcome, type Step } from './execution.ts'
import { PLAN_MODULES, type Plan, type PlanModule } from '../contract/smart/plan.ts'
import { getPlan, saveExecution } from './plans.ts'
import { executePlanSchema, type ExecutePlanInput } from '../contract/smart/schemas.ts'

import type { ExecuteResult } from '../contract/api/smart.ts'

/** What executing a plan answers: the contract's shape. */
export type { ExecuteResult }

async function ownsApp(ctx: AppContext, userId: string, appId: string): Promise<boolean> {
  try {
    await requireApp(ctx, userId, appId)
    return true
  } catch (error) {
    if (error instanceof AppError && error.type === 'not_found') return false
    throw error
  }
}

/** The app of an earlier run when it still exists, else a new one (and a fresh record). */
async function ensureApp(
  ctx: AppContext,
  userId: string,
  planId: string,
  plan: Plan,
  execution: Execution | null,
): Promise<{ execution: Execution; created: boolean }> {
  if (execution?.appId && (await ownsApp(ctx, userId, execution.appId))) return { execution, created: false }
  const app = await createApp(ctx, userId, { name: plan.app.name, description: plan.app.description })
  const fresh: Execution = { appId: app.id, modules: {} }
  await saveExecution(ctx, planId, fresh)
  return { execution: fresh, created: true }
}

/**
 * Runs plan `planId` of `userId`: every module, or only `input.module`. A module finished
 * by an earlier run is skipped unless it is the one named. `steps` exists for tests that
 * inject a failure.
 */
export async function executePlan(
  ctx: AppContext,
  userId: string,
  planId: string,
  input: ExecutePlanInput = {},
  steps: Record<PlanModule, Step> = STEPS,
): Promise<ExecuteResult> {
  const { module: only } = parseInput(executePlanSchema, input)
  const stored = await getPlan(ctx, userId, planId)
  const { execution, created } = await ensureApp(ctx, userId, planId, stored.plan, stored.execution)
  const appId = execution.appId!
  const modules: ExecuteResult['modules'] = []
  for (const module of only ? [only] : PLAN_MODULES) {
    const previous = execution.modules[module]
    if (!only && previous?.status === 'done') {
      modules.push({ module, status: 'skipped', created: [], existing: previous.created.concat(previous.existing) })
      continue
    }
    try {
      const result = await steps[module](ctx, userId, appId, stored.plan)
      execution.modules[module] = { status: 'done', ...result, at: new Date(ctx.clock.now()).toISOString() }
      await saveExecution(ctx, planId, execution)
      modules.push({ module, status: 'done', ...result })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const failed: ModuleOutcome = {
        status: 'failed',
        created: [],
        existing: [],
        error: message,
        at: new Date(ctx.clock.now()).toISOString(),
      }
      execution.modules[module] = failed
      await saveExecution(ctx, planId, execution)
      if (!(error instanceof AppError)) throw error
      throw new AppError(
        error.type,
        `Executing the plan stopped at the ${module} module: ${message}. Fix the plan (PUT the plan) or the app, then execute again: finished modules are not repeated`,
        {
          module,
          appId,
          cause: error.details ?? null,
          completed: modules.map((m) => m.module),
        },
      )
    }
  }
  return { planId, appId, appCreated: created, modules, urls: await appUrls(ctx, userId, appId) }
}
