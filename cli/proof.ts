/**
 * @module The proof `profile update --email`, `profile password`, `profile delete` and
 * `auth token create` send: the current password (from stdin with --password-stdin, or
 * asked on a terminal; never an argument),
 * or for accounts without a password a login code mailed to the current address (--code,
 * or mailed and asked for on a terminal).
 */
import type { CommandEnv } from './command.ts'
import { usageError } from './errors.ts'
import type { PublicUser } from './commands/auth/_session.ts'

/** The proof arguments both commands take. */
export const proofArgs = {
  'password-stdin': {
    type: 'boolean',
    description: 'Read your current password from the first line of stdin (never pass it as an argument)',
  },
  code: {
    type: 'string',
    description:
      'Accounts without a password: the login code mailed to your current address (svc-cli auth code --email <it>)',
    valueHint: 'code',
  },
} as const

/** The `currentPassword` or `code` for `me`, from the flags, or asked on a terminal. */
export async function proofFor(
  env: CommandEnv,
  me: PublicUser,
  flags: { code?: string; passwordLine?: string },
): Promise<{ currentPassword?: string; code?: string }> {
  if (me.hasPassword) {
    if (flags.passwordLine !== undefined) return { currentPassword: flags.passwordLine }
    return { currentPassword: await env.prompt('Current password: ', '--password-stdin', true) }
  }
  if (flags.code !== undefined) return { code: flags.code }
  if (!env.interactive) {
    throw usageError(
      `Your account has no password, so this needs a login code: run svc-cli auth code --email ${me.email}, then pass the code with --code`,
    )
  }
  await env.client().call('auth.sendCode', { body: { email: me.email } }, { auth: false })
  return { code: await env.prompt(`Code from the e-mail just sent to ${me.email}: `, '--code') }
}
