/**
 * @module The admin page's one HTTP client: same-origin requests to /api/v3 with the
 * session cookie. Every failure becomes an `ApiError` carrying the server's error type
 * and message, so screens show what the server said instead of a generic "failed".
 */

// The API's shapes are the server's own view types; type-only imports add no code to the bundle.
import { requestLine, type AnswerOf, type Described, type InputOf } from '../server/contract/api/request.ts'
import { pathOf } from '../server/contract/api/routes.ts'
import { LIMITS } from '../server/contract/limits.ts'
import type { App, AppUrls } from '../server/contract/api/apps.ts'
import type { AccessTokenInfo as AccessToken, AuthOptions, PublicUser as User } from '../server/contract/api/auth.ts'
import type { Profile as ProfileUpdated } from '../server/contract/api/profile.ts'
import type { Field, UnlistedKey } from '../server/contract/api/fields.ts'
import type { Share } from '../server/contract/api/share.ts'
import type {
  Delivery,
  Notifications,
  TestResult,
  Webhook,
  WebhookWithSecret,
} from '../server/contract/api/webhooks.ts'
import type { ReadAccess } from '../server/contract/share/reads.ts'
import type { AddedSender, Sender } from '../server/contract/api/senders.ts'
import type {
  FieldChange,
  FieldSummary,
  RecordDetail,
  RecordEdit,
  RecordEdited,
  SvcRecord,
  TopValue,
} from '../server/contract/api/records.ts'
import type { SpamMode as SpamFilter } from '../server/contract/records/schemas.ts'
import type { ReauthProof } from '../server/core/auth/reauth.ts'
import type { Invitation, InvitationView, Member } from '../server/contract/api/members.ts'
import type { MemberRole, Role } from '../server/contract/access/roles.ts'
import type { AuditEntry, AuditPage } from '../server/contract/api/audit.ts'

export type {
  AuditEntry,
  AuditPage,
  Invitation,
  InvitationView,
  Member,
  MemberRole,
  Role,
  AccessToken,
  AddedSender,
  Sender,
  AuthOptions,
  ProfileUpdated,
  ReauthProof,
  App,
  AppUrls,
  Delivery,
  Field,
  FieldChange,
  FieldSummary,
  UnlistedKey,
  Notifications,
  ReadAccess,
  RecordDetail,
  RecordEdit,
  RecordEdited,
  Share,
  SpamFilter,
  SvcRecord,
  TestResult,
  TopValue,
  User,
  Webhook,
  WebhookWithSecret,
}

/** What an audit log page is asked for: actor, action, since, until, limit, cursor. */
export type AuditQuery = NonNullable<InputOf<'audit.account'>['query']>

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

/** The log-ins whose 401 means "wrong password or code", not "your session ended". */
const LOGIN_PATHS = [pathOf('auth.login'), pathOf('auth.sendCode'), pathOf('auth.verifyCode')]

/**
 * How long one call may take, answer included (a page of 1000 big records is the slowest);
 * a server that stops answering becomes an error the screen shows, never a spinner forever.
 */
export const REQUEST_TIMEOUT_MS = 60_000

const timedOut = () =>
  new ApiError(0, 'timeout', `The server did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds. Try again.`)

/**
 * Sends one request to `url` (a same-origin path) and returns the parsed JSON body; throws
 * ApiError for any non-2xx, and a `timeout` ApiError when the answer takes longer than REQUEST_TIMEOUT_MS.
 */
async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  // A timer of the page's own (not AbortSignal.timeout), so a test's fake clock can run it.
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), REQUEST_TIMEOUT_MS)
  try {
    return await sendWithin<T>(deadline.signal, method, url, body)
  } finally {
    clearTimeout(timer)
  }
}

async function sendWithin<T>(signal: AbortSignal, method: string, url: string, body?: unknown): Promise<T> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch {
    if (signal.aborted) throw timedOut()
    throw new ApiError(0, 'network', 'The server could not be reached. Check that svc is running and try again.')
  }
  try {
    text = await response.text()
  } catch {
    throw signal.aborted ? timedOut() : new ApiError(0, 'network', 'The answer broke off. Try again.')
  }
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    // A non-JSON answer (a proxy's HTML error page) is reported below by status.
  }
  if (!response.ok) {
    const error = (json as { error?: { type?: unknown; message?: unknown; details?: unknown } } | null)?.error
    if (response.status === 401 && !LOGIN_PATHS.some((path) => url.startsWith(path))) {
      for (const listener of unauthorizedListeners) listener()
    }
    throw new ApiError(
      response.status,
      typeof error?.type === 'string' ? error.type : 'http',
      typeof error?.message === 'string'
        ? error.message
        : `The server answered ${response.status} ${response.statusText}`.trim(),
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

/** The control-plane API, one method per route the admin page uses. */
export const api = {
  options: () => call('auth.options', {}),
  /** Who is signed in with the session cookie; `authenticated: false` (not a 401) when nobody is. */
  session: () => call('auth.session', {}),
  signup: (input: InputOf<'auth.signup'>['body']) => call('auth.signup', { body: input }),
  login: (input: InputOf<'auth.login'>['body']) => call('auth.login', { body: input }),
  requestCode: (email: string) => call('auth.sendCode', { body: { email } }),
  verifyCode: (email: string, code: string) => call('auth.verifyCode', { body: { email, code } }),
  /** Forgotten password: the e-mailed code sets a new password and signs in. */
  resetPassword: (input: InputOf<'auth.resetPassword'>['body']) => call('auth.resetPassword', { body: input }),
  logout: () => call('auth.logout', {}),

  tokens: async () => (await call('tokens.list', {})).tokens,
  /** A session logged in long ago must add the current password (or a mailed code): the server answers 403 `reauth_required` without it. */
  createToken: (input: InputOf<'tokens.create'>['body']) => call('tokens.create', { body: input }),
  revokeToken: (tokenId: string) => call('tokens.revoke', { params: { id: tokenId } }),
  /** Every access token of the account (a session keeps none; a token would keep itself). */
  revokeAllTokens: () => call('tokens.revokeAll', {}),

  profile: () => call('profile.get', {}),
  /** A new e-mail needs `currentPassword` (or `code`) and waits for its link: the answer then has `pendingEmail`. */
  updateProfile: (input: InputOf<'profile.update'>['body']) => call('profile.update', { body: input }),
  cancelEmailChange: () => call('profile.cancelEmail', {}),
  changePassword: (input: InputOf<'profile.setPassword'>['body']) => call('profile.setPassword', { body: input }),
  /** Deletes the account and everything in it: `confirm` repeats its e-mail, with the proof (`currentPassword` or `code`). */
  deleteAccount: (input: InputOf<'profile.delete'>['body']) => call('profile.delete', { body: input }),

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
  updateApp: (appId: string, input: InputOf<'apps.update'>['body']) =>
    call('apps.update', { params: { id: appId }, body: input }),
  deleteApp: (appId: string) => call('apps.delete', { params: { id: appId } }),
  urls: (appId: string) => call('apps.urls', { params: { id: appId } }),

  fields: (appId: string) => call('fields.list', { params: { id: appId } }),
  createField: (appId: string, input: InputOf<'fields.add'>['body']) =>
    call('fields.add', { params: { id: appId }, body: input }),
  /** `force` changes the type even when the published app's records hold values in the field (409 otherwise). */
  updateField: (appId: string, fieldId: string, input: InputOf<'fields.update'>['body']) =>
    call('fields.update', { params: { id: appId, field: fieldId }, body: input }),
  /** Accepts proposed fields (by id or name; all of them with `'all'`) or unlisted keys (by name); the fields accepted. */
  acceptFields: async (appId: string, which: string[] | 'all') =>
    (await call('fields.accept', { params: { id: appId }, body: which === 'all' ? { all: true } : { names: which } }))
      .fields,
  deleteField: (appId: string, fieldId: string) => call('fields.remove', { params: { id: appId, field: fieldId } }),
  orderFields: async (appId: string, ids: string[]) =>
    (await call('fields.order', { params: { id: appId }, body: { ids } })).fields,

  share: (appId: string) => call('share.get', { params: { id: appId } }),
  updateShare: (appId: string, input: InputOf<'share.update'>['body']) =>
    call('share.update', { params: { id: appId }, body: input }),
  publish: (appId: string) => call('share.publish', { params: { id: appId } }),
  unpublish: (appId: string) => call('share.unpublish', { params: { id: appId } }),
  rotate: (appId: string) => call('share.rotate', { params: { id: appId } }),

  senders: async (appId: string) => (await call('senders.list', { params: { id: appId } })).senders,
  addSender: (appId: string, input: InputOf<'senders.add'>['body']) =>
    call('senders.add', { params: { id: appId }, body: input }),
  removeSender: (appId: string, name: string) => call('senders.remove', { params: { id: appId, name } }),

  members: (appId: string) => call('members.list', { params: { id: appId } }),
  invite: (appId: string, input: InputOf<'members.invite'>['body']) =>
    call('members.invite', { params: { id: appId }, body: input }),
  setRole: (appId: string, userId: string, role: MemberRole) =>
    call('members.update', { params: { id: appId, user: userId }, body: { role } }),
  removeMember: (appId: string, userId: string) => call('members.remove', { params: { id: appId, user: userId } }),
  revokeInvitation: (appId: string, invitationId: string) =>
    call('invitations.revoke', { params: { id: appId, invitation: invitationId } }),
  leaveApp: (appId: string) => call('members.leave', { params: { id: appId } }),
  invitation: (token: string) => call('invitations.get', { params: { token } }),
  acceptInvitation: (token: string, input: InputOf<'invitations.accept'>['body'] = {}) =>
    call('invitations.accept', { params: { token }, body: input }),

  /** A page of who did what to the app, newest first (its admins and owner only: others get 403). */
  appAudit: (appId: string, query: Omit<AuditQuery, 'app'>) => call('audit.app', { params: { id: appId }, query }),
  /** A page of what the signed-in account did in every app, its log-ins and failed log-ins, newest first. */
  accountAudit: (query: AuditQuery) => call('audit.account', { query }),

  webhooks: async (appId: string) => (await call('webhooks.list', { params: { id: appId } })).webhooks,
  addWebhook: (appId: string, input: InputOf<'webhooks.add'>['body']) =>
    call('webhooks.add', { params: { id: appId }, body: input }),
  updateWebhook: (appId: string, hookId: string, input: InputOf<'webhooks.update'>['body']) =>
    call('webhooks.update', { params: { id: appId, webhook: hookId }, body: input }),
  removeWebhook: (appId: string, hookId: string) => call('webhooks.remove', { params: { id: appId, webhook: hookId } }),
  testWebhook: (appId: string, hookId: string) => call('webhooks.test', { params: { id: appId, webhook: hookId } }),
  deliveries: async (appId: string, hookId: string) =>
    (await call('webhooks.deliveries', { params: { id: appId, webhook: hookId }, query: { limit: 20 } })).deliveries,
  notifications: (appId: string) => call('notifications.get', { params: { id: appId } }),
  setNotifications: (appId: string, enabled: boolean) =>
    call('notifications.set', { params: { id: appId }, body: { enabled } }),
  retryDelivery: (appId: string, hookId: string, deliveryId: string) =>
    call('webhooks.retry', { params: { id: appId, webhook: hookId, delivery: deliveryId } }),

  records: (
    appId: string,
    query: { page: number; size: number; order: 'asc' | 'desc'; spam: SpamFilter; filter: string },
  ) =>
    call('records.list', {
      params: { id: appId },
      query: {
        page: query.page,
        size: query.size,
        order: query.order,
        spam: query.spam === 'exclude' ? undefined : query.spam,
        filter: query.filter === '' ? undefined : query.filter,
      },
    }),
  /** One record with its history of edits, newest first. */
  record: (appId: string, recordId: string) => call('records.get', { params: { id: appId, recordId } }),
  /** Merges `data` into the record (null removes a field); 422 `invalid_value` names each field in `details.problems`. */
  editRecord: (appId: string, recordId: string, data: Record<string, unknown>) =>
    call('records.update', { params: { id: appId, recordId }, body: { data } }),
  deleteRecords: (appId: string, ids: string[]) => call('records.deleteMany', { params: { id: appId }, body: { ids } }),
  markSpam: (appId: string, ids: string[], spam: boolean) =>
    call('records.spam', { params: { id: appId }, body: { ids, spam } }),
  summary: (appId: string) => call('records.summary', { params: { id: appId } }),
  /**
   * A short-lived address that opens one of the app's files inline without credentials (for
   * an `<img>` or a sandboxed frame), as a same-origin path: the server writes it on
   * SVC_BASE_URL, which behind a proxy may not be the origin this page was loaded from.
   */
  fileLink: async (appId: string, fileId: string) => {
    const { url, expiresAt } = await call('files.link', { params: { id: appId, file: fileId } })
    const parsed = new URL(url, location.href)
    return { url: `${parsed.pathname}${parsed.search}`, expiresAt }
  },
}

/** Same-origin URL of one of the app's files as a download (the session cookie is the owner's access); a plain link. */
export const fileDownloadUrl = (appId: string, fileId: string): string =>
  requestLine('files.download', { params: { id: appId, file: fileId } }).path

/**
 * Same-origin URL of a streamed export (the records the Data tab shows: spam mode and
 * filter; `raw` CSV cells exactly as stored); used as a plain download link.
 */
export function exportUrl(appId: string, format: 'csv' | 'jsonl', spam: SpamFilter, filter = '', raw = false): string {
  const selection = { spam: spam === 'exclude' ? undefined : spam, filter: filter === '' ? undefined : filter }
  const line =
    format === 'csv'
      ? requestLine('records.exportCsv', { params: { id: appId }, query: { ...selection, raw: raw ? '1' : undefined } })
      : requestLine('records.exportJsonl', { params: { id: appId }, query: selection })
  const query = new URLSearchParams(line.query).toString()
  return `${line.path}${query ? `?${query}` : ''}`
}

/** Same-origin URL of the app's fill-in page as respondents see it, for a frame (the Setup tab's View form). */
export const formPreviewUrl = (appId: string): string =>
  requestLine('connect.previewPage', { params: { id: appId } }).path
