/**
 * @module Summaries of an app's records (docs/design.md rule 12), read from incremental aggregates:
 * `reads.summary` (GET /api/v3/share/:token/summary: anyone when reads is `summary` or
 * `records`, the owner's access token always; ?spam=include|only; ?help) and
 * `records.summary` (GET /api/v3/apps/:id/summary: the owner, reads off too; every value
 * listed and no `minRespondents`) of the route table.
 *
 * Read with the endpoint token alone the summary is the public one (core/stats/public-values.ts):
 * values fewer than the app's `summaryMinRespondents` records and other clients gave are
 * counted in `other`, e-mail addresses are never listed, sums and means move in steps, min and
 * max are left out, times are to the day, fields a stranger proposed are left out until the
 * owner accepts them. The owner's access token reads everything.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { requireApp } from '../../core/apps/member-app.ts'
import { readsInFull } from '../../core/share/read-access.ts'
import { getSummary, parseSpamMode } from '../../core/stats/summary.ts'
import { authGuard } from '../auth-guard.ts'
import { summaryHelpResponse } from './read.ts'
import { readerToken, requestClient, resolveEndpoint } from './resolve.ts'
import { publicReader } from '../../core/stats/public-values.ts'

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } })

const spamOf = (query: Record<string, string | undefined>) => parseSpamMode(query.spam)

/** GET /<token>/summary and the owner's GET /api/v3/apps/:id/summary. */
export const summaryRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/summary' })
    .use(authGuard(ctx))
    .get(pathOf('reads.summary'), async ({ params, query, request, set }) => {
      const headers = set.headers as Record<string, string>
      // An undecodable token arrives as null: '' is simply not found.
      if (Object.hasOwn(query, 'help')) return await summaryHelpResponse(ctx, params.token ?? '', request, headers)
      const bearer = readerToken(request)
      const endpoint = await resolveEndpoint(ctx, params.token, 'summary', headers, { request, bearer })
      const owner = await readsInFull(ctx, endpoint, bearer)
      const reader = owner
        ? null
        : publicReader(endpoint.appId, endpoint.summaryMinRespondents, requestClient(ctx, request))
      return json(await getSummary(ctx, endpoint.appId, spamOf(query), reader))
    })
    .get(
      pathOf('records.summary'),
      async ({ principal, params, query }) => {
        await requireApp(ctx, principal.user.id, params.id)
        return json(await getSummary(ctx, params.id, spamOf(query)))
      },
      { auth: true },
    )
