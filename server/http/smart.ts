/**
 * @module Smart generation (`smart.*` and `plans.*` of the route table,
 * server/contract/api/smart.ts): an instruction becomes a plan (as a job), the plan can be
 * read, edited and checked, and executing it builds the app through the modules' core
 * functions. Owner-only: another account's job or plan is a 404.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { executePlan } from '../core/smart/execute.ts'
import { cancelJob, getJob, startPlanning } from '../core/smart/jobs.ts'
import { draftFor } from '../core/smart/planners.ts'
import { getPlan, listPlans, saveCallerPlan, updatePlan, validatePlan } from '../core/smart/plans.ts'
import { authGuard } from './auth-guard.ts'

/** The smart-generation routes, all owner-only. */
export const smartRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/smart' })
    .use(authGuard(ctx))
    .post(
      pathOf('plans.create'),
      async ({ principal, body }) => ({ code: 200, data: await startPlanning(ctx, principal.user.id, body) }),
      {
        auth: true,
        body: OPERATIONS['plans.create'].body,
      },
    )
    .post(
      pathOf('plans.import'),
      async ({ principal, body }) => ({ code: 200, data: await saveCallerPlan(ctx, principal.user.id, body) }),
      {
        auth: true,
        body: OPERATIONS['plans.import'].body,
      },
    )
    .post(pathOf('smart.draft'), ({ body }) => ({ code: 200, data: draftFor(body) }), {
      auth: true,
      body: OPERATIONS['smart.draft'].body,
    })
    .get(
      pathOf('plans.list'),
      async ({ principal }) => ({ code: 200, data: { plans: await listPlans(ctx, principal.user.id) } }),
      { auth: true },
    )
    .get(
      pathOf('plans.get'),
      async ({ principal, params }) => ({ code: 200, data: await getPlan(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    // The plan document is checked by updatePlan, after the plan is known to be the caller's
    // (another account's plan is a 404 whatever is sent), listing every problem, the rules
    // between sections included: the body schema is not applied here.
    .put(
      pathOf('plans.replace'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updatePlan(ctx, principal.user.id, params.id, body),
      }),
      { auth: true },
    )
    .post(
      pathOf('plans.validate'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await validatePlan(ctx, principal.user.id, params.id, body ?? {}),
      }),
      {
        auth: true,
        body: OPERATIONS['plans.validate'].body,
      },
    )
    .post(
      pathOf('plans.execute'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await executePlan(ctx, principal.user.id, params.id, body ?? {}),
      }),
      {
        auth: true,
        body: OPERATIONS['plans.execute'].body,
      },
    )
    .get(
      pathOf('smart.job'),
      async ({ principal, params }) => ({ code: 200, data: await getJob(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .delete(
      pathOf('smart.cancelJob'),
      async ({ principal, params }) => ({ code: 200, data: await cancelJob(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
