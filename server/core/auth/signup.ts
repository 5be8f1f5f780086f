/**
 * @module Sign-up and the server's signup policy (SVC_SIGNUP): `first` lets only the
 * first account (the owner) sign up, `open` lets anyone, `closed` nobody.
 */
import type { AppContext } from '../context.ts'
import type { AuthOptions } from '../../contract/api/auth.ts'
import { AppError } from '../../contract/errors.ts'
import { countUsers, insertUser } from '../users/users.ts'
import { startLogin, type LoginResult } from './start-login.ts'
import { parseInput, SignupInput } from '../../contract/auth/schemas.ts'

/** What a login page needs to know before anyone is logged in (auth.options; the contract's `AuthOptions`). */
export type { AuthOptions }

/** True when a sign-up would be accepted right now. */
export async function isSignupAllowed(ctx: AppContext): Promise<boolean> {
  const policy = ctx.config.signup
  return policy === 'open' || (policy === 'first' && (await countUsers(ctx)) === 0)
}

/** The public login options of this server. */
export async function authOptions(ctx: AppContext): Promise<AuthOptions> {
  return {
    signup: ctx.config.signup,
    signupAllowed: await isSignupAllowed(ctx),
    passwordLogin: true,
    codeLogin: true,
    smtp: ctx.config.smtpUrl !== null,
  }
}

function signupClosed(ctx: AppContext): AppError {
  const why =
    ctx.config.signup === 'closed'
      ? 'Sign-up is closed on this server; ask its owner for an account'
      : 'Sign-up is closed: this server already has its owner account; ask the owner for an account (or to set SVC_SIGNUP=open)'
  return new AppError('forbidden', why)
}

/** Creates an account (policy permitting) and logs it in. */
export async function signup(ctx: AppContext, input: SignupInput): Promise<LoginResult> {
  const { email, password, name, tokenName } = parseInput(SignupInput, input)
  // Checked before hashing so a refused sign-up is cheap, and again by the storage as it
  // inserts, so two concurrent first sign-ups (also on two processes) cannot both become the owner.
  if (!(await isSignupAllowed(ctx))) throw signupClosed(ctx)
  const first = ctx.config.signup === 'first' ? { refused: () => signupClosed(ctx) } : undefined
  const user = await insertUser(ctx, { email, password, name }, first)
  ctx.log.info('account created', { userId: user.id, email: user.email })
  return startLogin(ctx, user, { tokenName }, 'signup')
}
