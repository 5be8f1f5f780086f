/**
 * @module The admin page's one HTTP client: same-origin requests to /api/v3 with the
 * session cookie. Every failure becomes an `ApiError` carrying the server's error type
 * and message, so screens show what the server said instead of a generic "failed".
 */

// The API's shapes are the server's own view types; type-only imports add no code to the bundle.
import { requestLine, type AnswerOf, type Described, type InputOf } from '../server/contract/api/request.ts'
import { LIMITS } from '../server/contract/limits.ts'
import type { App, AppUrls } from '../server/contract/api/apps.ts'
import type { AccessTokenInfo as AccessToken } from '../server/core/auth/access-tokens.ts'
import type { Field } from '../server/core/fields/view.ts'
import type { Share } from '../server/core/share/view.ts'
import type { Delivery, Webhook, WebhookWithSecret } from '../server/core/webhooks/view.ts'
import type { TestResult } from '../server/core/webhooks/manage.ts'
import type { Notifications } from '../server/core/webhooks/notifications.ts'
import type { ReadAccess } from '../server/contract/share/reads.ts'
import type { FieldSummary, SvcRecord, TopValue } from '../server/contract/api/records.ts'
import type { SpamMode as SpamFilter } from '../server/contract/records/schemas.ts'
import type { PublicUser as User } from '../server/core/users/users.ts'
import type { ProfileUpdated } from '../server/core/users/profile.ts'
import type { ReauthProof } from '../server/core/auth/reauth.ts'

export type { AccessToken, ProfileUpdated, ReauthProof, App, AppUrls, Delivery, Field, FieldSummary, Notifications, ReadAccess, Share, SpamFilter, SvcRecord, TestResult, TopValue, User, Webhook, WebhookWithSecret }

export interface AuthOptions {
  signup: 'first' | 'open' | 'closed'
  signupAllowed: boolean
  passwordLogin: boolean
  codeLogin: boolean
  smtp: boolean
}

/** A page of records (the top-level answer without `code`). */
export type RecordsPage = AnswerOf<'records.list'>

/** An app's summary (the top-level answer without `code`). */
export type Summary = AnswerOf<'records.summary'>

/** A failed API call: `status` and `type` as the server sent them. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

type UnauthorizedListener = () => void
const unauthorizedListeners = new Set<UnauthorizedListener>()

/** Calls `listener` whenever the server answers 401 (session expired or logged out elsewhere). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

const API = '/api/v3'

/** Sends one request to `url` (a same-origin path) and returns the parsed JSON body; throws ApiError for any non-2xx. */
async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check that svc is running and try again.')
  }
  const text = await response.text()
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    // A non-JSON answer (a proxy's HTML error page) is reported below by status.
  }
  if (!response.ok) {
    const error = json?.error
    if (response.status === 401 && !url.startsWith(`${API}/auth/login`) && !url.startsWith(`${API}/auth/code`)) {
      for (const listener of unauthorizedListeners) listener()
    }
    throw new ApiError(
      response.status,
      typeof error?.type === 'string' ? error.type : 'http',
      typeof error?.message === 'string' ? error.message : `The server answered ${response.status} ${response.statusText}`.trim(),
      error?.details,
    )
  }
  return json as T
}

/**
 * Calls operation `name` of the route table (server/contract/api): path, input and answer
 * types come from there. Returns the envelope's `data`, or the top-level body without
 * `code` where the operation answers at the top level (the record pages, the summary).
 */
export async function call<N extends Described>(name: N, input: InputOf<N>): Promise<AnswerOf<N>> {
  const line = requestLine(name, input)
  const query = new URLSearchParams(line.query).toString()
  const json = await send<Record<string, unknown>>(line.method, `${line.path}${query ? `?${query}` : ''}`, input.body)
  if (json && typeof json === 'object' && 'data' in json) return json.data as AnswerOf<N>
  const { code: _code, ...rest } = json ?? {}
  return rest as AnswerOf<N>
}

/** Calls a route whose success body is `{code, data}` and returns `data` (also used by assessment-api.ts). */
export async function data<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await send<{ data: T }>(method, API + path, body)).data
}

const id = encodeURIComponent

/** The control-plane API, one method per route the admin page uses. */
export const api = {
  options: () => data<AuthOptions>('GET', '/auth/options'),
  status: () => data<{ authenticated: true; method: string; user: User }>('GET', '/auth/status'),
  signup: (input: { email: string; password?: string; name?: string }) => data<{ user: User }>('POST', '/auth/signup', input),
  login: (input: { email: string; password: string }) => data<{ user: User }>('POST', '/auth/login', input),
  requestCode: (email: string) => data<{ sent: true; expiresInSeconds: number }>('POST', '/auth/code', { email }),
  verifyCode: (email: string, code: string) => data<{ user: User }>('POST', '/auth/code/verify', { email, code }),
  logout: () => data<{ loggedOut: true }>('POST', '/auth/logout'),

  tokens: async () => (await data<{ tokens: AccessToken[] }>('GET', '/auth/tokens')).tokens,
  /** A session logged in long ago must add the current password (or a mailed code): the server answers 403 `reauth_required` without it. */
  createToken: (name: string, proof: ReauthProof = {}) => data<AccessToken & { token: string }>('POST', '/auth/tokens', { name, ...proof }),
  revokeToken: (tokenId: string) => data<{ revoked: true; id: string }>('DELETE', `/auth/tokens/${id(tokenId)}`),

  profile: () => data<ProfileUpdated>('GET', '/profile'),
  /** A new e-mail needs `currentPassword` (or `code`) and waits for its link: the answer then has `pendingEmail`. */
  updateProfile: (input: { name?: string; email?: string } & ReauthProof) => data<ProfileUpdated>('PATCH', '/profile', input),
  cancelEmailChange: () => data<{ cancelled: boolean }>('DELETE', '/profile/email'),
  changePassword: (input: { newPassword: string } & ReauthProof) => data<{ changed: true }>('PUT', '/profile/password', input),

  /** Every app, following the list's pages (GET /apps is paginated with a cursor). */
  apps: async () => {
    const apps: App[] = []
    let cursor: string | undefined
    do {
      const page = await call('apps.list', { query: { limit: LIMITS.maxAppsPageSize, cursor } })
      apps.push(...page.apps)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    return apps
  },
  app: (appId: string) => call('apps.get', { params: { id: appId } }),
  createApp: (input: InputOf<'apps.create'>['body']) => call('apps.create', { body: input }),
  updateApp: (appId: string, input: InputOf<'apps.update'>['body']) => call('apps.update', { params: { id: appId }, body: input }),
  deleteApp: (appId: string) => call('apps.delete', { params: { id: appId } }),
  urls: (appId: string) => call('apps.urls', { params: { id: appId } }),

  fields: (appId: string) => data<{ fields: Field[]; limit: number }>('GET', `/apps/${id(appId)}/fields`),
  createField: (appId: string, input: Partial<Pick<Field, 'name' | 'type' | 'label' | 'required' | 'options'>>) =>
    data<Field>('POST', `/apps/${id(appId)}/fields`, input),
  /** `force` changes the type even when the published app's records hold values in the field (409 otherwise). */
  updateField: (appId: string, fieldId: string, input: Partial<Pick<Field, 'name' | 'type' | 'label' | 'required' | 'options'>> & { force?: boolean }) =>
    data<Field>('PATCH', `/apps/${id(appId)}/fields/${id(fieldId)}`, input),
  /** Accepts proposed fields (by id or name; all of them with `'all'`); the fields accepted. */
  acceptFields: async (appId: string, which: string[] | 'all') =>
    (await data<{ fields: Field[] }>('POST', `/apps/${id(appId)}/fields/accept`, which === 'all' ? { all: true } : { names: which })).fields,
  deleteField: (appId: string, fieldId: string) => data<{ deleted: true; id: string }>('DELETE', `/apps/${id(appId)}/fields/${id(fieldId)}`),
  orderFields: async (appId: string, ids: string[]) => (await data<{ fields: Field[] }>('PUT', `/apps/${id(appId)}/fields/order`, { ids })).fields,

  share: (appId: string) => data<Share>('GET', `/apps/${id(appId)}/share`),
  updateShare: (appId: string, input: Partial<Pick<Share, 'service' | 'reads' | 'autoCreate' | 'honeypot' | 'rateLimit' | 'redirectOrigins' | 'thankYouMessage' | 'thankYouUrl' | 'summaryMinRespondents'>>) =>
    data<Share>('PATCH', `/apps/${id(appId)}/share`, input),
  publish: (appId: string) => data<Share>('POST', `/apps/${id(appId)}/share/publish`),
  unpublish: (appId: string) => data<Share>('POST', `/apps/${id(appId)}/share/unpublish`),
  rotate: (appId: string) => data<Share>('POST', `/apps/${id(appId)}/share/rotate`),

  webhooks: async (appId: string) => (await data<{ webhooks: Webhook[] }>('GET', `/apps/${id(appId)}/webhooks`)).webhooks,
  addWebhook: (appId: string, input: { url: string; events: string[] }) => data<WebhookWithSecret>('POST', `/apps/${id(appId)}/webhooks`, input),
  updateWebhook: (appId: string, hookId: string, input: { enabled?: boolean }) => data<Webhook>('PATCH', `/apps/${id(appId)}/webhooks/${id(hookId)}`, input),
  removeWebhook: (appId: string, hookId: string) => data<{ id: string; removed: true }>('DELETE', `/apps/${id(appId)}/webhooks/${id(hookId)}`),
  testWebhook: (appId: string, hookId: string) => data<TestResult>('POST', `/apps/${id(appId)}/webhooks/${id(hookId)}/test`),
  deliveries: async (appId: string, hookId: string) => (await data<{ deliveries: Delivery[] }>('GET', `/apps/${id(appId)}/webhooks/${id(hookId)}/deliveries?limit=20`)).deliveries,
  notifications: (appId: string) => data<Notifications>('GET', `/apps/${id(appId)}/notifications`),
  setNotifications: (appId: string, enabled: boolean) => data<Notifications>('PUT', `/apps/${id(appId)}/notifications`, { enabled }),
  retryDelivery: (appId: string, hookId: string, deliveryId: string) => data<Delivery>('POST', `/apps/${id(appId)}/webhooks/${id(hookId)}/deliveries/${id(deliveryId)}/retry`),

  records: (appId: string, query: { page: number; size: number; order: 'asc' | 'desc'; spam: SpamFilter; filter: string }) =>
    call('records.list', {
      params: { id: appId },
      query: { page: query.page, size: query.size, order: query.order, spam: query.spam === 'exclude' ? undefined : query.spam, filter: query.filter === '' ? undefined : query.filter },
    }),
  deleteRecords: (appId: string, ids: string[]) => call('records.deleteMany', { params: { id: appId }, body: { ids } }),
  markSpam: (appId: string, ids: string[], spam: boolean) => call('records.spam', { params: { id: appId }, body: { ids, spam } }),
  summary: (appId: string) => call('records.summary', { params: { id: appId } }),
}

/** Same-origin URL of a streamed export (the records the Data tab shows: spam mode and filter); used as a plain download link. */
export function exportUrl(appId: string, format: 'csv' | 'jsonl', spam: SpamFilter, filter = ''): string {
  const line = requestLine(format === 'csv' ? 'records.exportCsv' : 'records.exportJsonl', {
    params: { id: appId },
    query: { spam: spam === 'exclude' ? undefined : spam, filter: filter === '' ? undefined : filter },
  })
  const query = new URLSearchParams(line.query).toString()
  return `${line.path}${query ? `?${query}` : ''}`
}
