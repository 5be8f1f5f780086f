/**
 * @module The audit log operations: who did what to an app (its admins and owner) and what
 * an account did (its holder), newest first, a page at a time.
 */
import { z } from 'zod'
import { AUDIT_EVENTS, AUDIT_PAGE, DEFAULT_AUDIT_DAYS } from '../audit/model.ts'
import { named } from './named.ts'
import { data, lazyAnswers, type OperationsOf } from './operation.ts'
import { isoTime, pageQuery } from './shapes.ts'

const settings = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: 'Settings as they were (before) or became (after); never secrets or record values' })

export const auditEntrySchema = named('AuditEntry', () =>
  z.object({
    id: z.string(),
    at: isoTime,
    appId: z.string().nullable().meta({ description: 'The app it touched (kept after the app is deleted)' }),
    actor: z
      .object({ userId: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'Who did it; null for a failed log-in by nobody known' }),
    via: z.string().meta({
      description:
        '`session`, `token <name>` (an access token), or for log-ins `password`, `code`, `signup`, `invitation`',
    }),
    address: z.string().meta({ description: 'The client address it came from' }),
    action: z.string().meta({
      description: `An operation of the route table (\`share.update\`) or an event: ${Object.entries(AUDIT_EVENTS)
        .map(([name, text]) => `\`${name}\` (${text})`)
        .join(', ')}`,
    }),
    target: z.string().nullable().meta({ description: 'What it acted on: a field, a webhook, a member, a record…' }),
    before: settings,
    after: settings,
  }),
)
export type AuditEntry = z.output<ReturnType<typeof auditEntrySchema>>

export const auditPageSchema = named('AuditPage', () =>
  z.object({ entries: z.array(auditEntrySchema()), nextCursor: z.string().nullable() }),
)
export type AuditPage = z.output<ReturnType<typeof auditPageSchema>>

const filters = {
  actor: z.string().optional().meta({ description: "Only this actor's entries: an e-mail address or a user id" }),
  action: z.string().optional().meta({
    description: 'Only this action (`share.update`), or every action starting so when it ends in a dot (`share.`)',
  }),
  since: isoTime.optional().meta({ description: 'Only entries at or after this time' }),
  until: isoTime.optional().meta({ description: 'Only entries before this time' }),
}

const pages = pageQuery(AUDIT_PAGE.defaultSize, AUDIT_PAGE.maxSize)
const kept = `Entries are kept ${DEFAULT_AUDIT_DAYS} days unless the server says otherwise (SVC_AUDIT_DAYS).`
const tags = ['audit']

export const auditOperations = lazyAnswers({
  'audit.app': {
    summary: 'Who did what to the app',
    description: `Every change to the app's data, access and settings, and every export, newest first; pass data.nextCursor as ?cursor for the next page. ${kept}`,
    tags,
    access: 'owner',
    permission: 'settings:read',
    query: pages.extend(filters),
    answers: () => ({ 200: data(auditPageSchema(), 'A page of entries, newest first') }),
    errors: ['not_found', 'bad_request', 'forbidden'],
  },
  'audit.account': {
    summary: 'What your account did',
    description: `Your own actions in every app, your tokens' uses from new addresses, your log-ins and failed log-ins, newest first. ${kept}`,
    tags,
    access: 'owner',
    permission: 'account',
    query: pages.extend({
      ...filters,
      app: z.string().optional().meta({ description: 'Only entries about this app' }),
    }),
    answers: () => ({ 200: data(auditPageSchema(), 'A page of entries, newest first') }),
    errors: ['bad_request', 'forbidden'],
  },
} as const) satisfies OperationsOf<'audit'>
