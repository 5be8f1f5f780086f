/**
 * @module /api/v3/smart — smart generation: an instruction becomes a plan (as a job), the
 * plan can be read, edited and checked, and executing it builds the app through the
 * modules' core functions. Owner-only: another account's job or plan is a 404.
 *
 * | Method | Path                | Body                        | data                                   |
 * |--------|---------------------|-----------------------------|----------------------------------------|
 * | POST   | /plans              | `{instruction, planner?}`   | `{jobId, status, planId}`              |
 * | POST   | /plans/import       | `{plan}` (caller-written)   | `StoredPlan` (422 listing problems)    |
 * | POST   | /drafts             | `{instruction}`             | `{plan, madeBy}` (not stored)          |
 * | GET    | /plans              |                             | `{plans:[PlanSummary]}` newest first   |
 * | GET    | /plans/:id          |                             | `StoredPlan`                           |
 * | PUT    | /plans/:id          | the plan document           | `StoredPlan` (422 listing problems)    |
 * | POST   | /plans/:id/validate | `{plan?}`                   | `{valid, problems}`                    |
 * | POST   | /plans/:id/execute  | `{module?}`                 | `ExecuteResult`                        |
 * | GET    | /jobs/:id           |                             | `Job`                                  |
 * | DELETE | /jobs/:id           |                             | `Job` (cancelled; 409 when finished)   |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { executePlan } from '../core/smart/execute.ts'
import { cancelJob, getJob, startPlanning } from '../core/smart/jobs.ts'
import { draftFor } from '../core/smart/planners.ts'
import { getPlan, listPlans, saveCallerPlan, updatePlan, validatePlan } from '../core/smart/plans.ts'
import { draftPlanSchema, executePlanSchema, savePlanSchema, startPlanningSchema, validatePlanSchema } from '../contract/smart/schemas.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['smart'], security: [{ accessToken: [] }] })

/** The smart-generation routes (table above), all owner-only. */
export const smartRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/smart', prefix: '/api/v3/smart' })
    .use(authGuard(ctx))
    .post('/plans', async ({ principal, body }) => ({ code: 200, data: await startPlanning(ctx, principal.user.id, body) }), {
      auth: true,
      body: startPlanningSchema,
      detail: detail('Start planning an app from an instruction (a job; the built-in planner finishes at once)'),
    })
    .post('/plans/import', async ({ principal, body }) => ({ code: 200, data: await saveCallerPlan(ctx, principal.user.id, body) }), {
      auth: true,
      body: savePlanSchema,
      detail: detail('Store a complete plan written by the caller (a person, a script or an agent’s own model); checked in full, 422 lists every problem'),
    })
    .post('/drafts', ({ body }) => ({ code: 200, data: draftFor(body) }), {
      auth: true,
      body: draftPlanSchema,
      detail: detail('The plan made without a model (a named validated instrument, else the built-in planner), not stored: a draft for a model to improve'),
    })
    .get('/plans', async ({ principal }) => ({ code: 200, data: { plans: await listPlans(ctx, principal.user.id) } }), {
      auth: true,
      detail: detail('List your plans, newest first'),
    })
    .get('/plans/:id', async ({ principal, params }) => ({ code: 200, data: await getPlan(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Get a plan'),
    })
    .put('/plans/:id', async ({ principal, params, body }) => ({ code: 200, data: await updatePlan(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      detail: detail('Replace a plan document (checked in full; 422 lists every problem)'),
    })
    .post('/plans/:id/validate', async ({ principal, params, body }) => ({ code: 200, data: await validatePlan(ctx, principal.user.id, params.id, body ?? {}) }), {
      auth: true,
      body: validatePlanSchema.optional(),
      detail: detail('Check the stored plan, or a plan document given as `plan`, without saving'),
    })
    .post('/plans/:id/execute', async ({ principal, params, body }) => ({ code: 200, data: await executePlan(ctx, principal.user.id, params.id, body ?? {}) }), {
      auth: true,
      body: executePlanSchema.optional(),
      detail: detail('Build the app: run every plan module in order (or one), resuming after a failure'),
    })
    .get('/jobs/:id', async ({ principal, params }) => ({ code: 200, data: await getJob(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Status and progress of a planning job'),
    })
    .delete('/jobs/:id', async ({ principal, params }) => ({ code: 200, data: await cancelJob(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Cancel a queued or running planning job'),
    })
