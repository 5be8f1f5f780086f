/**
 * @module Password hashing (argon2id, on the hashing thread of `ctx.passwords`) and
 * checking that takes the same time whether or not the account exists.
 */
import type { AppContext } from '../context.ts'
import type { HashTurn } from './password-hasher.ts'

// The argon2id hash (with ARGON2's parameters, argon2.ts) of a random string nobody kept:
// unknown accounts are checked against it, so a failed login costs one argon2
// verification either way and timing reveals nothing. Made again if ARGON2 changes
// (a test compares the parameters).
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YidHLt3/6BfYB1h6/d7LSyBkyEEqDYx9ZUtaMSW85/A$NSKyNW50nMS+F60GxavMO6HmSS+/4a66YEP9I5NKNmo'

/** The argon2id hash of a password, for the users table; 429 when hashing is saturated. */
export const hashPassword = (ctx: AppContext, password: string): Promise<string> => ctx.passwords.admit().hash(password)

/**
 * True when `password` matches `hash`; with no hash, runs a verification anyway and says
 * false. `turn` is a hashing turn admitted earlier (log-in admits before counting the try).
 */
export async function verifyPassword(
  ctx: AppContext,
  password: string,
  hash: string | null,
  turn: HashTurn = ctx.passwords.admit(),
): Promise<boolean> {
  const matches = await turn.verify(password, hash ?? DUMMY_HASH)
  return hash !== null && matches
}
