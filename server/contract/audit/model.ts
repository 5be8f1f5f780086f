/**
 * @module The audit log's vocabulary: the events it records beside the operations of the
 * route table, what an entry says was the way in, and how long entries are kept.
 */

/** Entries older than this many days are deleted unless SVC_AUDIT_DAYS says otherwise. */
export const DEFAULT_AUDIT_DAYS = 180

/** Entries a page holds unless `limit` says otherwise, and at most. */
export const AUDIT_PAGE = { defaultSize: 50, maxSize: 500 } as const

/**
 * What the log records that is not one operation of the route table: log-ins (each way in),
 * a failed one, an access token used from an address it was not used from before, and the
 * account made by a sign-up or an accepted invitation.
 */
export const AUDIT_EVENTS = {
  'auth.login': 'signed in (by password, code or a new account)',
  'auth.loginFailed': 'a log-in with a wrong password or code',
  'token.newAddress': 'an access token used from an address it was not used from before',
  'records.expired': 'records and spam deleted for being older than the app keeps them (keepRecordsDays, keepSpamDays)',
} as const
export type AuditEvent = keyof typeof AUDIT_EVENTS

/**
 * How an entry's actor came in: `session` (the admin page or a session cookie), an access
 * token (`token <name>`), or for log-ins `password`, `code`, `signup` and `invitation`.
 */
export const viaToken = (name: string): string => `token ${name}`
