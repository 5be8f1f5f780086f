/**
 * @module The argon2id parameters of stored passwords, shared by the hashing thread
 * (hash-worker.ts) and the in-thread fallback (password-hasher.ts).
 */

// OWASP's argon2id baseline (19 MiB, 2 passes). Bun's default takes 64 MiB per hash, which
// a few simultaneous log-ins on a small VPS would feel; verification reads the parameters
// from the stored hash, so they can be raised later without breaking old passwords.
export const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

/** What the hashing thread is asked to do. */
export type HashWork = { op: 'hash'; password: string } | { op: 'verify'; password: string; hash: string }

/** One job for the hashing thread: the work and its id, to match the answer. */
export type HashJob = HashWork & { id: number }

/** The hashing thread's answer to a job. */
export type HashAnswer = { id: number; value: string | boolean } | { id: number; error: string }
