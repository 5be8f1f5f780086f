/**
 * @module The auth operations (sign-up, log-in by password or e-mail code, password reset,
 * log-out, who am I) and the access-token operations, with their answers.
 *
 * Log-in writes (signup, login, code, code/verify, password/reset) refuse requests a
 * browser says come from another site (403 forbidden); their throttles count per e-mail
 * address and client address, so a stranger cannot lock the owner out. Every operation here
 * lists `forbidden`: the control plane refuses requests addressed to another host name
 * (DNS rebinding), and the admin session's changes from another site.
 */
import { z } from 'zod'
import {
  CodeRequestInput,
  CodeVerifyInput,
  LoginInput,
  PasswordResetInput,
  SignupInput,
  TokenCreateInput,
} from '../auth/schemas.ts'
import { AUTH } from '../limits.ts'
import { SCOPES } from '../access/roles.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

/** What the API shows of an account; never the password hash. */
export const userSchema = named('User', () =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().meta({ description: 'The display name; empty when none was given' }),
    hasPassword: z.boolean().meta({ description: 'False for accounts that log in by e-mail code only' }),
    createdAt: isoTime,
  }),
)
export type PublicUser = z.output<ReturnType<typeof userSchema>>

/** An access token as it is listed; the secret itself is never stored or shown again. */
export const accessTokenSchema = named('AccessToken', () =>
  z.object({
    id: z.string(),
    name: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the token (svc_pat_ and 6 more), to recognise it' }),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable().meta({ description: 'To the minute; null when never used' }),
    scopes: z
      .array(z.enum(SCOPES))
      .meta({ description: 'What it may do (every scope for a token made without scopes)' }),
    apps: z
      .array(z.string())
      .nullable()
      .meta({ description: 'The ids of the apps it may touch; null: every app its owner works on' }),
    expiresAt: isoTime.nullable().meta({ description: 'When it stops working (401 token_expired after); null: never' }),
  }),
)
export type AccessTokenInfo = z.output<ReturnType<typeof accessTokenSchema>>

/** A token just made: its listing plus the secret, shown only in this answer. */
export const newAccessTokenSchema = named('NewAccessToken', () =>
  accessTokenSchema().extend({
    token: z.string().meta({
      description: `The token (${AUTH.accessTokenPrefix}…), shown only in this answer: send it as "Authorization: Bearer <token>"`,
    }),
  }),
)
export type NewAccessToken = z.output<ReturnType<typeof newAccessTokenSchema>>

/** A successful log-in: the session goes into the cookie; the token only when `tokenName` asked for one. */
export const loginSchema = named('Login', () =>
  z.object({
    user: userSchema(),
    token: newAccessTokenSchema()
      .optional()
      .meta({ description: 'Present when the request named a token (tokenName)' }),
    replacedTokens: z
      .array(accessTokenSchema())
      .optional()
      .meta({ description: 'With replaceToken: the earlier tokens of the same name, now revoked' }),
  }),
)
export type LoginAnswer = z.output<ReturnType<typeof loginSchema>>

/** A password reset's log-in, plus what it ended and what still works. */
export const passwordResetSchema = named('PasswordReset', () =>
  loginSchema().extend({
    endedSessions: z.number().int().meta({ description: 'Admin-page sessions that ended (every one the account had)' }),
    tokens: z
      .array(accessTokenSchema())
      .meta({ description: 'The access tokens made before the reset, which still work, newest first' }),
    warnings: z
      .array(z.string())
      .optional()
      .meta({ description: 'Present when tokens is not empty: they still work, and how to revoke them' }),
  }),
)
export type PasswordResetAnswer = z.output<ReturnType<typeof passwordResetSchema>>

/** The signup policies of SVC_SIGNUP. */
export const SIGNUP_POLICIES = ['first', 'open', 'closed'] as const

/** What a login page needs to know before anyone is logged in. */
export const authOptionsSchema = named('AuthOptions', () =>
  z.object({
    signup: z
      .enum(SIGNUP_POLICIES)
      .meta({ description: '`first`: only the first account may sign up; `open`: anyone; `closed`: nobody' }),
    signupAllowed: z.boolean().meta({ description: 'True when a sign-up would be accepted right now' }),
    passwordLogin: z.literal(true),
    codeLogin: z.literal(true),
    smtp: z
      .boolean()
      .meta({ description: 'False when login codes are only written to the server log (no SVC_SMTP_URL)' }),
  }),
)
export type AuthOptions = z.output<ReturnType<typeof authOptionsSchema>>

/** The answer to every accepted code request, whether or not the address has an account. */
export const codeRequestedSchema = named('CodeRequested', () =>
  z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() }),
)
export type CodeRequested = z.output<ReturnType<typeof codeRequestedSchema>>

/** Who is calling, and how. */
export const authStatusSchema = named('AuthStatus', () =>
  z.object({
    authenticated: z.literal(true),
    method: z.enum(['token', 'session']).meta({ description: 'An access token, or the admin session cookie' }),
    user: userSchema(),
    token: accessTokenSchema()
      .optional()
      .meta({ description: 'With an access token: the token, with its scopes, apps and expiry' }),
  }),
)
export type AuthStatus = z.output<ReturnType<typeof authStatusSchema>>

/** Who is signed in with the admin session cookie, or nobody: an answer either way, never a 401. */
export const sessionStatusSchema = named('SessionStatus', () =>
  z.discriminatedUnion('authenticated', [
    z.object({ authenticated: z.literal(false) }),
    z.object({ authenticated: z.literal(true), user: userSchema() }),
  ]),
)
export type SessionStatus = z.output<ReturnType<typeof sessionStatusSchema>>

const loginErrors = ['forbidden', 'rate_limited'] as const
const crossSite = 'A request a browser says comes from another site is refused (403 forbidden).'
const tokenRequest =
  'With tokenName the answer carries a new access token (shown once); with replaceToken too, it replaces your earlier tokens of that name.'

const tags = ['auth']

export const authOperations = lazyAnswers({
  'auth.options': {
    summary: 'Signup policy and login methods of this server',
    tags,
    access: 'public',
    answers: () => ({ 200: data(authOptionsSchema(), 'The options') }),
    errors: ['forbidden'],
  },
  'auth.status': {
    summary: 'Who is calling, and how',
    tags,
    access: 'owner',
    permission: 'apps:list',
    answers: () => ({ 200: data(authStatusSchema(), 'The caller') }),
    errors: ['forbidden'],
  },
  'auth.session': {
    summary: 'Who is signed in with the session cookie, if anyone',
    description:
      "The admin page's check when it loads: 200 whether or not someone is signed in, so a signed-out visit is not an error. " +
      'Without a session cookie, or with one whose session ended (the answer then clears the cookie), authenticated is false. ' +
      'An Authorization header is not read: scripts and svc-cli ask auth.status, which refuses a missing or bad access token with 401.',
    tags,
    access: 'public',
    answers: () => ({ 200: data(sessionStatusSchema(), "The session's account, or authenticated: false") }),
    errors: ['forbidden'],
  },
  'auth.signup': {
    summary: 'Create an account and log in',
    description: `As the signup policy allows (403 forbidden otherwise; 409 conflict when the e-mail has an account). Sets the session cookie. ${tokenRequest} ${crossSite}`,
    tags,
    access: 'public',
    body: SignupInput,
    answers: () => ({ 200: data(loginSchema(), 'Logged in') }),
    errors: [...loginErrors, 'conflict'],
  },
  'auth.login': {
    summary: 'Log in with e-mail and password',
    description:
      `Sets the session cookie. ${tokenRequest} A wrong e-mail or password is a 401; after ${AUTH.loginFailuresPerWindow} failures for an address from one client ` +
      `within ${AUTH.loginFailureWindowMs / 60_000} minutes, 429 with Retry-After. After ${AUTH.loginFailuresPerAccount} failures for an address from every client ` +
      `within ${AUTH.accountFailureWindowMs / 60_000} minutes, the password alone is a 401 code_required (a code is e-mailed if the password is right): ` +
      `send the password again with that code as "code". Never a lock-out. ${crossSite}`,
    tags,
    access: 'public',
    body: LoginInput,
    answers: () => ({ 200: data(loginSchema(), 'Logged in') }),
    errors: [...loginErrors, 'unauthorized', 'code_required'],
  },
  'auth.sendCode': {
    summary: 'E-mail a login code',
    description:
      `A ${AUTH.codeDigits}-digit code, valid ${AUTH.codeTtlMs / 60_000} minutes; the same answer for addresses without an account. ` +
      `At most ${AUTH.codeEmailsPerHour} an hour per address from one client and ${AUTH.codeEmailsPerAccountPerHour} from all together, ` +
      `and log-in by code pauses after ${AUTH.codeFailuresPerAccount} wrong codes a day: then 429 with Retry-After. ${crossSite}`,
    tags,
    access: 'public',
    body: CodeRequestInput,
    answers: () => ({ 200: data(codeRequestedSchema(), 'Sent, if the address has an account') }),
    errors: loginErrors,
  },
  'auth.verifyCode': {
    summary: 'Log in with the e-mailed code',
    description: `Sets the session cookie. ${tokenRequest} A code that does not log in is a 401 (it uses up one of its ${AUTH.codeMaxAttempts} tries). ${crossSite}`,
    tags,
    access: 'public',
    body: CodeVerifyInput,
    answers: () => ({ 200: data(loginSchema(), 'Logged in') }),
    errors: [...loginErrors, 'unauthorized'],
  },
  'auth.resetPassword': {
    summary: 'Set a new password with the e-mailed login code',
    description:
      `Forgotten password: ends every session of the account, logs in (sets the session cookie) and lists the access tokens that still work. ${tokenRequest} ` +
      `A code that does not log in is a 401. ${crossSite}`,
    tags,
    access: 'public',
    body: PasswordResetInput,
    answers: () => ({ 200: data(passwordResetSchema(), 'Password set and logged in') }),
    errors: [...loginErrors, 'unauthorized'],
  },
  'auth.logout': {
    summary: 'Log out',
    description:
      'With the session cookie: ends the admin session and clears the cookie (403 forbidden from another site). With a bearer access token: revokes that token ' +
      '(401 when it is invalid or already revoked). Without either: clears the cookie.',
    tags,
    access: 'public',
    answers: () => ({
      200: data(
        z.object({
          loggedOut: z.literal(true),
          revoked: accessTokenSchema()
            .optional()
            .meta({ description: 'The access token the request was made with, now revoked' }),
        }),
        'Logged out',
      ),
    }),
    errors: ['unauthorized', 'forbidden'],
  },
} as const) satisfies OperationsOf<'auth'>

export const tokenOperations = lazyAnswers({
  'tokens.list': {
    summary: 'List your access tokens',
    description: 'Newest first, never the secrets.',
    tags,
    access: 'owner',
    permission: 'account',
    answers: () => ({ 200: data(z.object({ tokens: z.array(accessTokenSchema()) }), 'The tokens') }),
    errors: ['forbidden'],
  },
  'tokens.create': {
    summary: 'Create an access token',
    description:
      'The token is shown only in this answer; no other token is touched. It may be limited to some scopes, to some apps (ids of apps you work on; 422 for others) ' +
      'and to a time (expiresAt, any future time; 401 token_expired after). A token never grants more than your role in an app. ' +
      `Only a person creates tokens: a request made with an access token, or from a session logged in over ${AUTH.reauthWindowMs / 60_000} minutes ago, must send ` +
      'currentPassword (accounts without a password: code): 403 reauth_required without it, wrong_password or wrong_code when it is wrong.',
    tags,
    access: 'owner',
    permission: 'account',
    body: TokenCreateInput,
    answers: () => ({ 200: data(newAccessTokenSchema(), 'The new token, with its secret') }),
    errors: ['forbidden', 'reauth_required', 'wrong_password', 'wrong_code', 'rate_limited'],
  },
  'tokens.revokeAll': {
    summary: 'Revoke every access token but the one making this request',
    description: 'From the admin session, all of them.',
    tags,
    access: 'owner',
    permission: 'account',
    answers: () => ({
      200: data(
        z.object({
          revoked: z.array(accessTokenSchema()),
          kept: z
            .string()
            .nullable()
            .meta({ description: 'The id of the token that made the request; null from the admin session' }),
        }),
        'What was revoked',
      ),
    }),
    errors: ['forbidden'],
  },
  'tokens.revoke': {
    summary: 'Revoke an access token',
    description: 'It fails from the next request on.',
    tags,
    access: 'owner',
    permission: 'account',
    answers: () => ({ 200: data(z.object({ revoked: z.literal(true), id: z.string() }), 'Revoked') }),
    errors: ['forbidden', 'not_found'],
  },
} as const) satisfies OperationsOf<'tokens'>
