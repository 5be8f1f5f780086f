/**
 * @module Creates accounts and access tokens straight through core, for tests of other
 * modules that only need "a logged-in user".
 */
import type { AppContext } from '../../server/core/context.ts'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { insertUser, type UserRow } from '../../server/core/users/users.ts'
import { runLogScan } from './log-scan.ts'

export interface TestUser {
  user: UserRow
  /** A live access token for `Authorization: Bearer`. */
  token: string
}

let counter = 0

/** A new account with an access token; e-mails are unique per call. */
export async function makeUser(ctx: AppContext, email = `user${++counter}@example.com`): Promise<TestUser> {
  const user = await insertUser(ctx, { email, name: email.split('@')[0] })
  const { token } = await createAccessToken(ctx, user.id, 'test')
  runLogScan.secret(token)
  return { user, token }
}
