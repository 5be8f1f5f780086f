/**
 * @module The profile operations (the caller's own account) and their answers.
 *
 * A new e-mail or password, and deleting the account, need the current password (accounts
 * without one: a login code mailed to the current address): 403 `reauth_required`
 * without it, `wrong_password` or `wrong_code` when it is wrong, which count like failed
 * log-ins from the caller's address.
 * Every operation lists `forbidden`, as in auth.ts (another host name, another site).
 */
import { z } from 'zod'
import {
  AccountDeleteInput,
  EmailChangeConfirmInput,
  PasswordChangeInput,
  ProfileUpdateInput,
} from '../auth/schemas.ts'
import { AUTH } from '../limits.ts'
import { accessTokenSchema, userSchema } from './auth.ts'
import { content, data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

/** An e-mail change waiting for the link mailed to the new address. */
export const pendingEmailSchema = named('PendingEmail', () =>
  z.object({
    email: z.string().meta({ description: 'The new address' }),
    expiresAt: isoTime.meta({ description: 'When its link stops working' }),
  }),
)
export type PendingEmail = z.output<ReturnType<typeof pendingEmailSchema>>

/** The account, with the e-mail change waiting for its link, if any. */
export const profileSchema = named('Profile', () =>
  userSchema().extend({
    pendingEmail: pendingEmailSchema()
      .optional()
      .meta({ description: 'Present while a new e-mail address waits for its link' }),
  }),
)
export type Profile = z.output<ReturnType<typeof profileSchema>>

/** A password change, and the access tokens that still work after it. */
const passwordChangedSchema = named('PasswordChanged', () =>
  z.object({
    changed: z.literal(true),
    tokens: z.array(accessTokenSchema()).meta({
      description:
        'The access tokens that still work after the change, newest first: revoke them if they are not all yours',
    }),
  }),
)

const proofErrors = ['reauth_required', 'wrong_password', 'wrong_code', 'rate_limited'] as const

const tags = ['profile']

export const profileOperations = lazyAnswers({
  'profile.get': {
    summary: 'Your account',
    tags,
    access: 'owner',
    permission: 'account',
    answers: () => ({ 200: data(profileSchema(), 'The account') }),
    errors: ['forbidden'],
  },
  'profile.update': {
    summary: 'Change your display name or ask for a new e-mail address',
    description:
      'The name changes at once. A new e-mail address needs your current password as currentPassword (accounts without one: a login code mailed to the current ' +
      'address, as code): 403 reauth_required without it, wrong_password or wrong_code when it is wrong, 429 while guessing. It takes effect only through the link ' +
      `mailed to it (valid ${AUTH.emailChangeTtlMs / 3_600_000} hours): 202 with pendingEmail; 409 conflict when another account has the address.`,
    tags,
    access: 'owner',
    permission: 'account',
    body: ProfileUpdateInput,
    answers: () => ({
      200: data(profileSchema(), 'Changed'),
      202: data(
        userSchema().extend({ pendingEmail: pendingEmailSchema() }),
        'Changed, and the new e-mail address waits for its link',
        202,
      ),
    }),
    errors: ['forbidden', 'conflict', ...proofErrors],
  },
  'profile.delete': {
    summary: 'Delete your account',
    description:
      "With its apps, records, access tokens and sessions; clears the session cookie. confirm must repeat the account's e-mail address (422 otherwise), " +
      'and your current password comes as currentPassword (accounts without one: a login code mailed to your address, as code): 403 reauth_required without it, ' +
      'wrong_password or wrong_code when it is wrong, 429 while guessing.',
    tags,
    access: 'owner',
    permission: 'account',
    body: AccountDeleteInput,
    answers: () => ({ 200: data(z.object({ deleted: z.literal(true) }), 'Deleted') }),
    errors: ['forbidden', ...proofErrors],
  },
  'profile.setPassword': {
    summary: 'Set a new password',
    description:
      'Needs your current password as currentPassword (accounts without one: a login code mailed to your address, as code): 403 reauth_required without it, ' +
      'wrong_password or wrong_code when it is wrong, 429 while guessing. Every other session of the account ends; ' +
      'access tokens keep working: the answer lists them (revoke them all with DELETE /api/v3/auth/tokens), and the owner is mailed the list with a link that revokes them.',
    tags,
    access: 'owner',
    permission: 'account',
    body: PasswordChangeInput,
    answers: () => ({
      200: data(passwordChangedSchema(), 'Changed'),
    }),
    errors: ['forbidden', ...proofErrors],
  },
  'profile.cancelEmail': {
    summary: 'Cancel your pending e-mail change',
    description: 'Its link stops working.',
    tags,
    access: 'owner',
    permission: 'account',
    answers: () => ({
      200: data(z.object({ cancelled: z.boolean().meta({ description: 'False when no change was waiting' }) }), 'Done'),
    }),
    errors: ['forbidden'],
  },
  'profile.confirmEmailPage': {
    summary: 'The page of the e-mail change link',
    description:
      'Shows the button that confirms the change; opening the link changes nothing (mail scanners open links).',
    tags,
    access: 'public',
    query: z.object({ token: z.string().optional().meta({ description: 'The token of the link' }) }),
    answers: () => ({
      200: content('text/html', 'The page with the button'),
      404: content('text/html', 'The page saying the link is unknown, used, replaced by a newer request or expired'),
    }),
    errors: ['forbidden'],
  },
  'profile.confirmEmail': {
    summary: 'Confirm an e-mail change with the token of its link',
    description:
      "The account uses the new address from now on, and the old one is told. The page's button posts the token as a form field and gets a page back; " +
      'a JSON body gets JSON. 404 for an unknown, used or expired link; 409 when another account took the address meanwhile.',
    tags,
    access: 'public',
    body: EmailChangeConfirmInput,
    bodies: { 'application/x-www-form-urlencoded': z.object({ token: z.string() }) },
    answers: () => ({ 200: data(userSchema(), 'The account with its new e-mail address') }),
    alternatives: {
      200: content('text/html', 'to a form post: the page saying the address changed'),
      404: content('text/html', 'to a form post: the page saying why nothing changed'),
      409: content('text/html', 'to a form post: the page saying why nothing changed'),
    },
    errors: ['forbidden', 'not_found', 'conflict'],
  },
} as const) satisfies OperationsOf<'profile'>
