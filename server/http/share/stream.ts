/**
 * @module `reads.stream` of the route table (GET /api/v3/share/:token/stream, docs/design.md
 * rule 19): the records of a published endpoint as Server-Sent Events while they arrive,
 * with /query's access (resolved and rate limited as /query is), resumable with
 * Last-Event-ID or ?since=; `?help` answers with Markdown. The stream itself is core's
 * (server/live).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { OPERATIONS } from '../../contract/api/operations.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { streamHelp } from '../../help/stream-page.ts'
import { openShareStream } from '../../live/open.ts'
import { streamAnswer, streamCallOf } from '../event-stream.ts'
import { shareCors } from './cors.ts'
import { hasHelp, helpFor, markdown } from './read.ts'
import { readerToken, resolveEndpoint } from './resolve.ts'

export const shareStreamRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/share-stream' }).use(shareCors()).get(
    pathOf('reads.stream'),
    async ({ params, query, request, set }) => {
      const headers = set.headers as Record<string, string>
      if (hasHelp(query)) return markdown(streamHelp(await helpFor(ctx, params.token, request)), headers)
      const bearer = readerToken(request)
      const endpoint = await resolveEndpoint(ctx, params.token, 'query', headers, { request, bearer })
      const body = await openShareStream(ctx, endpoint, params.token, bearer, streamCallOf(ctx, request))
      return streamAnswer(request, body, headers)
    },
    { query: OPERATIONS['reads.stream'].query },
  )
