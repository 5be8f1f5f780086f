/**
 * @module Opening a live stream, with the same access rules as the reads it mirrors: the
 * public `GET /<token>/stream` as `/query` (the owner's access token always; anyone while
 * reads are `records`; the endpoint already resolved by the caller, 404 and 403 included),
 * the owner's `GET /apps/<id>/records/stream` as the records pages (the owner's token or
 * session; `?filter=` too). Each stream keeps a way to ask again whether its reader may
 * still read: the hub asks when the app's settings change and at every heartbeat, and a
 * stream whose reader lost access ends.
 */
import { authorize } from '../core/access/authorize.ts'
import type { AppContext } from '../core/context.ts'
import { AppError } from '../contract/errors.ts'
import type { FilterNode } from '../db/storage/record-filter.ts'
import { openToAnyone } from '../contract/share/reads.ts'
import { authenticate } from '../core/auth/authenticate.ts'
import { requireApp } from '../core/apps/member-app.ts'
import { appFilter } from '../core/records/owner.ts'
import type { ShareEndpoint } from '../core/share/endpoint-cache-types.ts'
import { readsInFull, tokenMay } from '../core/share/read-access.ts'
import { parseSpamMode } from '../core/stats/summary.ts'
import type { LiveRequest } from '../core/live-hub.ts'
import { startPosition } from './position.ts'

/** What a stream request brings besides whose records it reads. */
export interface StreamCall {
  /** The query string (`spam`, `since`, and `filter` on the owner's stream). */
  query: URLSearchParams
  /** The Last-Event-ID header, null without one. */
  lastEventId: string | null
  /** The client's address (null: none known). */
  client: string | null
  /** Cuts the connection without waiting for the client. */
  drop?: () => void
  /** Only check the request (a HEAD): answer as a stream would, but open none (null). */
  checkOnly?: boolean
}

/** A parameter given at most once; a repeated one is refused rather than guessed. */
function once(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name)
  if (values.length > 1) throw new AppError('bad_request', `${name} must be given once`)
  return values[0]
}

const SELECTION = { exclude: 'kept', include: 'all', only: 'spam' } as const

/** Opens the stream once its position is checked; the rest of the request is the caller's. */
async function open(
  ctx: AppContext,
  appId: string,
  call: StreamCall,
  filter: { node: FilterNode; text: string } | null,
  allowed: () => Promise<boolean>,
  owner: boolean,
): Promise<ReadableStream<Uint8Array> | null> {
  const spam = parseSpamMode(once(call.query, 'spam'))
  const position = await startPosition(ctx, appId, call.lastEventId, once(call.query, 'since'))
  if (call.checkOnly) return null
  const request: LiveRequest = {
    appId,
    ...position,
    selection: SELECTION[spam],
    client: call.client,
    owner,
    allowed,
    drop: call.drop,
    ...(filter ? { filter: filter.node, filterText: filter.text } : {}),
  }
  return ctx.live.open(request)
}

/**
 * The public stream of an endpoint `resolveEndpoint` let through for reads ('query':
 * published, reads open or the owner's token in `bearer`, rate limit charged).
 */
export async function openShareStream(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  token: string,
  bearer: string | null,
  call: StreamCall,
): Promise<ReadableStream<Uint8Array> | null> {
  if (call.query.has('filter'))
    throw new AppError(
      'bad_request',
      "filter is not taken here: the owner's GET /api/v3/apps/<app id>/records/stream (and svc-cli share tail --filter) filters records",
    )
  // Asked again later: the token may have been rotated, the endpoint unpublished, reads switched off, the owner's token revoked.
  const allowed = async () => {
    const now = await ctx.caches.endpoints.lookup(token)
    if (!now?.published || now.appId !== endpoint.appId) return false
    if (openToAnyone(now.reads, 'query')) return true
    return bearer !== null && (await tokenMay(ctx, now, bearer))
  }
  // The owner's token takes the owner's places, which strangers cannot fill.
  return open(ctx, endpoint.appId, call, null, allowed, await readsInFull(ctx, endpoint, bearer))
}

/** The owner's credentials as the request brought them, to authenticate again later. */
export interface Credentials {
  bearer: string | null
  session: string | null
}

/** The owner's stream of one of `userId`'s apps (404 for another account's), `?filter=` included. */
export async function openOwnerStream(
  ctx: AppContext,
  userId: string,
  credentials: Credentials,
  appId: string,
  call: StreamCall,
): Promise<ReadableStream<Uint8Array> | null> {
  await requireApp(ctx, userId, appId)
  const text = once(call.query, 'filter')
  const filter = text !== undefined && text.trim() !== '' ? { node: await appFilter(ctx, appId, text), text } : null
  // Asked again later: the token may have been revoked, the session ended, the app deleted,
  // the caller's role in it taken away.
  const allowed = async () => {
    try {
      const principal = await authenticate(ctx, credentials)
      if (principal.user.id !== userId) return false
      await authorize(ctx, principal, 'records:read', appId)
      return true
    } catch (error) {
      if (error instanceof AppError && ['unauthorized', 'not_found', 'forbidden'].includes(error.type)) return false
      throw error
    }
  }
  return open(ctx, appId, call, filter, allowed, true)
}
