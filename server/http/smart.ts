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
import { authGuard } from './auth-guard.ts'

// The planner (server/smart: its item banks, instruments and phrase patterns) is loaded
// by the first request that needs it, not at start: few servers plan at all.
const jobs = () => import('../smart/jobs.ts')
const plans = () => import('../smart/plans.ts')
const planners = () => import('../smart/planners.ts')
const execute = () => import('../smart/execute.ts')

/** The smart-generation routes, all owner-only. */
export const smartRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/smart' })
    .use(authGuard(ctx))
    .post(
      pathOf('plans.create'),
      async ({ principal, body }) => ({
        code: 200,
        data: await (await jobs()).startPlanning(ctx, principal.user.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['plans.create'].body,
      },
    )
    .post(
      pathOf('plans.import'),
      async ({ principal, body }) => ({
        code: 200,
        data: await (await plans()).saveCallerPlan(ctx, principal.user.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['plans.import'].body,
      },
    )
    .post(pathOf('smart.draft'), async ({ body }) => ({ code: 200, data: (await planners()).draftFor(body) }), {
      auth: true,
      body: OPERATIONS['smart.draft'].body,
    })
    .get(
      pathOf('plans.list'),
      async ({ principal }) => ({
        code: 200,
        data: { plans: await (await plans()).listPlans(ctx, principal.user.id) },
      }),
      { auth: true },
    )
    .get(
      pathOf('plans.get'),
      async ({ principal, params }) => ({
        code: 200,
        data: await (await plans()).getPlan(ctx, principal.user.id, params.id),
      }),
      { auth: true },
    )
    // The plan document is checked by updatePlan, after the plan is known to be the caller's
    // (another account's plan is a 404 whatever is sent), listing every problem, the rules
    // between sections included: the body schema is not applied here.
    .put(
      pathOf('plans.replace'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await (await plans()).updatePlan(ctx, principal.user.id, params.id, body),
      }),
      { auth: true },
    )
    .post(
      pathOf('plans.validate'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await (await plans()).validatePlan(ctx, principal.user.id, params.id, body ?? {}),
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
        data: await (await execute()).executePlan(ctx, principal.user.id, params.id, body ?? {}),
      }),
      {
        auth: true,
        body: OPERATIONS['plans.execute'].body,
      },
    )
    .get(
      pathOf('smart.job'),
      async ({ principal, params }) => ({
        code: 200,
        data: await (await jobs()).getJob(ctx, principal.user.id, params.id),
      }),
      { auth: true },
    )
    .delete(
      pathOf('smart.cancelJob'),
      async ({ principal, params }) => ({
        code: 200,
        data: await (await jobs()).cancelJob(ctx, principal.user.id, params.id),
      }),
      { auth: true },
    )
