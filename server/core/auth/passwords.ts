/**
 * @module Password hashing (argon2id through Bun.password) and checking that takes the
 * same time whether or not the account exists.
 */

// OWASP's argon2id baseline (19 MiB, 2 passes). Bun's default takes 64 MiB per hash, which
// a few simultaneous log-ins on a small VPS would feel; verification reads the parameters
// from the stored hash, so they can be raised later without breaking old passwords.
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

/** The argon2id hash of a password, for the users table. */
export const hashPassword = (password: string): Promise<string> => Bun.password.hash(password, ARGON2)

// A hash of a random string, made once: unknown accounts are checked against it so a
// failed login costs one argon2 verification either way and timing reveals nothing.
let dummyHash: Promise<string> | null = null

/** True when `password` matches `hash`; with no hash, runs a verification anyway and says false. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash !== null) return Bun.password.verify(password, hash)
  dummyHash ??= hashPassword(crypto.randomUUID())
  await Bun.password.verify(password, await dummyHash)
  return false
}
