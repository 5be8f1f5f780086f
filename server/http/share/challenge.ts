/**
 * @module The proof-of-work challenges of the public collection endpoints:
 *
 * | Method | Path                          | Answer                                                       |
 * | ------ | ----------------------------- | ------------------------------------------------------------ |
 * | GET    | /api/v3/share/:token/challenge | `ingest.challenge`: an ALTCHA challenge (top level), uncached |
 *
 * Core makes it (core/challenge/issue.ts); here are CORS (the share group's), the rate-limit
 * headers and `Cache-Control: no-store` (every fetch needs a challenge of its own).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { issueChallenge } from '../../core/challenge/issue.ts'
import type { ShareAccess } from '../../core/share/resolve.ts'
import { shareCors } from './cors.ts'
import { requestClient } from './resolve.ts'
import { writeRateHeaders } from './throttle.ts'

export const shareChallengeRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/share-challenge' })
    .use(shareCors())
    .get(pathOf('ingest.challenge'), async ({ params, request, set }) => {
      const access: ShareAccess = { client: requestClient(ctx, request), rate: null }
      try {
        const challenge = await issueChallenge(ctx, params.token, access)
        return new Response(JSON.stringify(challenge), {
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        })
      } finally {
        writeRateHeaders(set.headers as Record<string, string>, access.rate)
      }
    })
