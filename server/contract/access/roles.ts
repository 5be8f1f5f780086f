/**
 * @module Who may do what: the roles a person has in an app, the scopes an access token
 * carries, and the permissions operations of the route table name (each operation's
 * `permission`). The decision itself is one pure function in core (core/access/policy.ts);
 * this table is what clients, the OpenAPI document and docs/security.md show.
 */

/** A person's place in an app, least first: each role may do everything the one before may. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const
export type Role = (typeof ROLES)[number]

/** The roles an invitation may give to a member (the owner hands the app over instead). */
export const MEMBER_ROLES = ['viewer', 'editor', 'admin'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** What an access token may be limited to; a session has them all. */
export const SCOPES = [
  'records:read',
  'records:write',
  'apps:write',
  'share:write',
  'members:write',
  'account',
] as const
export type Scope = (typeof SCOPES)[number]

export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'records:read': 'read records, summaries, exports, streams, reports and how an app is set up',
  'records:write': 'edit records, mark spam, delete records',
  'apps:write': 'create apps; change fields, scales, reports, expert commentary and styling',
  'share:write': 'change share settings, webhooks, senders and notifications',
  'members:write': 'invite, change and remove members',
  account: 'create and revoke access tokens, change the profile',
}

/** A token's scopes in a few words, for tables: "all" when it has every scope. */
export const scopesText = (scopes: readonly string[]): string =>
  SCOPES.every((scope) => scopes.includes(scope)) ? 'all' : scopes.join(', ')

export interface PermissionRule {
  /** The least role the caller needs in the app; null when the operation is not about one app. */
  role: Role | null
  /** The scope an access token needs; null when any token will do. */
  scope: Scope | null
  /** True when a token limited to some apps may not: the operation reaches beyond them. */
  allApps?: true
  description: string
}

/** Every permission an operation can name, with the role and scope it takes. */
export const PERMISSIONS = {
  'apps:list': { role: null, scope: null, description: 'list the apps one works on' },
  'apps:create': {
    role: null,
    scope: 'apps:write',
    allApps: true,
    description: 'create an app (one becomes its owner)',
  },
  account: { role: null, scope: 'account', description: "the account's own tokens and profile" },
  'apps:read': { role: 'viewer', scope: 'records:read', description: 'read how the app is set up' },
  'records:read': { role: 'viewer', scope: 'records:read', description: 'read records, summaries, exports, streams' },
  'records:write': { role: 'editor', scope: 'records:write', description: 'edit records, mark spam' },
  'apps:write': {
    role: 'editor',
    scope: 'apps:write',
    description: 'change fields, scales, reports, expert commentary, styling',
  },
  'settings:read': {
    role: 'admin',
    scope: 'records:read',
    description: 'read share settings, webhooks, senders, notifications, members, the audit log',
  },
  'share:write': {
    role: 'admin',
    scope: 'share:write',
    description: 'change share settings, webhooks, senders, notifications; publish',
  },
  'records:delete': { role: 'admin', scope: 'records:write', description: 'delete records' },
  'records:erase': {
    role: null,
    scope: 'records:write',
    description: "erase one person's records in every app one may delete records of (records:delete)",
  },
  'records:find': {
    role: null,
    scope: 'records:read',
    description: "find one person's records in every app one may read records of (records:read)",
  },
  'members:write': { role: 'admin', scope: 'members:write', description: 'invite, change and remove members' },
  'share:open': {
    role: 'owner',
    scope: 'share:write',
    description: 'rotate the endpoint token; open reads to strangers',
  },
  'apps:own': { role: 'owner', scope: 'apps:write', description: 'delete the app; hand it to another owner' },
} as const satisfies Record<string, PermissionRule>

export type Permission = keyof typeof PERMISSIONS

/** True when `role` may do what `least` may (owner ≥ admin ≥ editor ≥ viewer). */
export const roleAtLeast = (role: Role, least: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(least)
