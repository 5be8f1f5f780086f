/**
 * @module Input schemas (zod) of the account, login, token and profile operations. The
 * HTTP routes use them as `body` (so the OpenAPI document shows them), core functions
 * parse with them again so the CLI and MCP can call core with plain objects.
 */
import { z } from 'zod'
import { quoteList } from '../errors.ts'
import { AUTH } from '../limits.ts'
import { safeAddress, UNSAFE_ADDRESS_MESSAGE } from '../email-address.ts'
import { SCOPES } from '../access/roles.ts'

/** A string input whose missing/wrong-type messages say what to send. */
export const text = (what: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `is required: give ${what}` : `must be a string: ${what}`),
  })

/** A JSON object with exactly these keys; a misspelt key is an error, not silently ignored. */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown key ${quoteList(issue.keys)}: allowed keys are ${Object.keys(shape).join(', ')}`
        : `the body must be a JSON object with ${Object.keys(shape).join(', ')}`,
  })

// Deliberately simple: one @, no spaces, a dot in the domain. Delivery proves the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Trimmed, lower-cased, at most 254 characters, no unsafe character (email-address.ts), shaped like name@example.com. */
export const Email = text('an e-mail address such as name@example.com')
  .trim()
  .toLowerCase()
  .max(AUTH.maxEmailLength, `must be at most ${AUTH.maxEmailLength} characters`)
  .refine(safeAddress, UNSAFE_ADDRESS_MESSAGE)
  .regex(EMAIL_SHAPE, 'must be an e-mail address such as name@example.com')

/** A new password; never trimmed (spaces are characters too). */
export const NewPassword = text(`a password of ${AUTH.minPasswordLength}–${AUTH.maxPasswordLength} characters`)
  .min(AUTH.minPasswordLength, `must be at least ${AUTH.minPasswordLength} characters`)
  .max(AUTH.maxPasswordLength, `must be at most ${AUTH.maxPasswordLength} characters`)

/** A password being checked: any non-empty string within the maximum. */
const GivenPassword = text('the password')
  .min(1, 'is required: give the password')
  .max(AUTH.maxPasswordLength, `must be at most ${AUTH.maxPasswordLength} characters`)

// Names are shown in lists and logs, one per line.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u
const noControlMessage = 'must not contain control characters (line breaks, tabs)'

export const UserName = text('a display name')
  .trim()
  .max(AUTH.maxUserNameLength, `must be at most ${AUTH.maxUserNameLength} characters`)
  .regex(NO_CONTROL_CHARACTERS, noControlMessage)

export const TokenName = text('a name for the access token, e.g. "laptop"')
  .trim()
  .min(1, 'give the access token a name, e.g. "laptop"')
  .max(AUTH.maxTokenNameLength, `must be at most ${AUTH.maxTokenNameLength} characters`)
  .regex(NO_CONTROL_CHARACTERS, noControlMessage)

/** The e-mailed code; spaces are dropped so "123 456" works as typed. */
export const EmailCode = text(`the ${AUTH.codeDigits}-digit code from the e-mail, e.g. "042137"`)
  .overwrite((value) => value.replace(/\s+/g, ''))
  .regex(new RegExp(`^\\d{${AUTH.codeDigits}}$`), `must be the ${AUTH.codeDigits} digits from the e-mail`)

export const SignupInput = body({
  email: Email,
  password: NewPassword.optional(),
  name: UserName.optional(),
  tokenName: TokenName.optional(),
})

/**
 * `replaceToken: true` makes the login's token replace the account's earlier tokens of the
 * same name (svc-cli names its login token after the machine, so logging in again does not
 * pile up live tokens). Without it, no other token is touched.
 */
const ReplaceToken = z
  .boolean({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be true or false') })
  .meta({
    description:
      'With tokenName: revoke your earlier access tokens of that name (a machine logging in again replaces its last login token)',
  })

/** A log-in body that may ask for a token: `replaceToken` only makes sense with `tokenName`. */
const loginBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  body({ ...shape, tokenName: TokenName.optional(), replaceToken: ReplaceToken.optional() }).superRefine(
    (value, issues) => {
      const { tokenName, replaceToken } = value as { tokenName?: string; replaceToken?: boolean }
      if (replaceToken === true && tokenName === undefined) {
        issues.addIssue({
          code: 'custom',
          path: ['replaceToken'],
          message: 'needs tokenName: name the access token that replaces the earlier ones of that name',
        })
      }
    },
  )

/**
 * `code`: after many failed log-ins for the address (AUTH.loginFailuresPerAccount an hour,
 * from every client), a password log-in also needs the code it e-mailed (401 code_required).
 */
export const LoginInput = loginBody({
  email: Email,
  password: GivenPassword,
  code: EmailCode.optional().meta({
    description: `After a 401 code_required: the ${AUTH.codeDigits}-digit code e-mailed to the address, sent together with the password`,
  }),
})

export const CodeRequestInput = body({ email: Email })

export const CodeVerifyInput = loginBody({ email: Email, code: EmailCode })

/** Forgotten password: the e-mailed login code authorises setting a new one. */
export const PasswordResetInput = loginBody({ email: Email, code: EmailCode, newPassword: NewPassword })

/**
 * Proof that the owner is at the keyboard, for changes a stolen access token or an old
 * session must not make alone: the current password, or for accounts without one a login
 * code mailed to the current address (POST /api/v3/auth/code).
 */
const reauth = {
  currentPassword: GivenPassword.optional().meta({ description: 'Your current password (accounts that have one)' }),
  code: EmailCode.optional().meta({
    description: 'Accounts without a password: the login code mailed to your current address (POST /api/v3/auth/code)',
  }),
}

/** What a new access token may do: a subset of the scopes, each once. */
const TokenScopes = z
  .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(', ')}` }), {
    error: `must be an array of scopes: ${SCOPES.join(', ')}`,
  })
  .min(1, 'must name at least one scope; leave scopes out for a token with every scope')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'names a scope twice')

/** The apps a new access token is limited to, by id. */
const TokenApps = z
  .array(text('an app id'), { error: 'must be an array of app ids' })
  .min(1, 'must name at least one app; leave apps out for a token for every app')
  .max(AUTH.maxTokenApps, `must name at most ${AUTH.maxTokenApps} apps; leave apps out for every app`)

/** When a new access token stops working: a date and time with its zone, e.g. 2027-03-01T00:00:00Z. */
const TokenExpiry = z.iso
  .datetime({
    offset: true,
    error: 'must be a date and time with its zone, e.g. 2027-03-01T00:00:00Z, or null for never',
  })
  .nullable()

/**
 * A new access token: `scopes` (every scope when left out), `apps` (every app of the
 * account when left out), `expiresAt` (never when left out or null), and the proof of
 * identity the caller needs unless its session is in sudo mode.
 */
export const TokenCreateInput = body({
  name: TokenName,
  scopes: TokenScopes.optional().meta({ description: `Any of ${SCOPES.join(', ')}; every scope when left out` }),
  apps: TokenApps.optional().meta({
    description: 'The ids of the apps it may touch; every app of yours when left out',
  }),
  expiresAt: TokenExpiry.optional().meta({
    description: 'When it stops working (any future time); never when left out or null',
  }),
  ...reauth,
})

export const ProfileUpdateInput = body({ name: UserName.optional(), email: Email.optional(), ...reauth })

export const PasswordChangeInput = body({ ...reauth, newPassword: NewPassword })

/** The token of the link an e-mail change sends to the new address. */
export const EmailChangeConfirmInput = body({
  token: text('the token from the confirmation link').min(1, 'is required: give the token from the link'),
})

/** Deleting the account repeats its e-mail (a deliberate act) and proves the owner is at the keyboard. */
export const AccountDeleteInput = body({ confirm: text("your account's e-mail address, to confirm"), ...reauth })

export type SignupInput = z.input<typeof SignupInput>
export type LoginInput = z.input<typeof LoginInput>
export type CodeRequestInput = z.input<typeof CodeRequestInput>
export type CodeVerifyInput = z.input<typeof CodeVerifyInput>
export type PasswordResetInput = z.input<typeof PasswordResetInput>
export type TokenCreateInput = z.input<typeof TokenCreateInput>
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>
export type PasswordChangeInput = z.input<typeof PasswordChangeInput>
export type AccountDeleteInput = z.input<typeof AccountDeleteInput>
export type EmailChangeConfirmInput = z.input<typeof EmailChangeConfirmInput>

export { parseInput } from '../apps/input.ts'
