/**
 * @module Summaries of an app's records (DESIGN rule 12), read from incremental aggregates.
 *
 * | Method | Path                              | Who                       | Answer |
 * |--------|-----------------------------------|---------------------------|--------|
 * | GET    | /api/v3/share/:token/summary      | anyone when reads is `summary` or `records`; the owner's access token always | `{code:200, total, spam, firstAt, lastAt, fields, days, minRespondents}` (?spam=include|only; ?help) |
 * | GET    | /api/v3/apps/:id/summary          | the owner (reads off too) | the same, every value listed and no `minRespondents` |
 *
 * Read with the endpoint token alone the summary is the public one (core/stats/public-values.ts):
 * values fewer than the app's `summaryMinRespondents` records gave are counted in `other`,
 * e-mail addresses are never listed, fields a stranger proposed are left out until the owner
 * accepts them. The owner's access token reads everything.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context.ts'
import { requireOwnedApp } from '../../core/apps/owned.ts'
import { readsAsOwner } from '../../core/share/read-access.ts'
import { getSummary, parseSpamMode } from '../../core/stats/summary.ts'
import { authGuard } from '../auth-guard.ts'
import { SHARE_PREFIX } from './cors.ts'
import { summaryHelpResponse } from './read.ts'
import { readerToken, resolveEndpoint } from './resolve.ts'

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } })

const spamOf = (query: Record<string, string | undefined>) => parseSpamMode(query.spam)

/** GET /<token>/summary and the owner's GET /api/v3/apps/:id/summary. */
export const summaryRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/summary' })
    .use(authGuard(ctx))
    .get(
      `${SHARE_PREFIX}/:token/summary`,
      async ({ params, query, request, set }) => {
        const headers = set.headers as Record<string, string>
        // An undecodable token arrives as null: '' is simply not found.
        if (Object.hasOwn(query, 'help')) return await summaryHelpResponse(ctx, params.token ?? '', request, headers)
        const bearer = readerToken(request)
        const endpoint = await resolveEndpoint(ctx, params.token, 'summary', headers, { request, bearer })
        const owner = await readsAsOwner(ctx, endpoint, bearer)
        return json(await getSummary(ctx, endpoint.appId, spamOf(query), owner ? null : endpoint.summaryMinRespondents))
      },
      {
        detail: {
          summary: 'Aggregates over all records (?spam=include|only; ?help for Markdown)',
          description:
            'Open to anyone with the endpoint token when reads is "summary" or "records"; the owner\'s access token (Authorization: Bearer) always reads. Otherwise 403 `disabled`. ' +
            'Without the owner\'s token the summary leaves out values fewer than `minRespondents` records gave (counted in `other`) and never lists e-mail addresses or fields a stranger proposed; a number\'s min, max, mean and sum are null until that many records hold one.',
          tags: ['share'],
          security: [{}, { accessToken: [] }],
        },
      },
    )
    .get(
      '/api/v3/apps/:id/summary',
      async ({ principal, params, query }) => {
        await requireOwnedApp(ctx, principal.user.id, params.id)
        return json(await getSummary(ctx, params.id, spamOf(query)))
      },
      { auth: true, detail: { summary: 'Aggregates over the app\'s records, even when public reads are off', tags: ['records'], security: [{ accessToken: [] }] } },
    )
