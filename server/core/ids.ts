/**
 * @module Identifiers and secrets. Ids are UUIDv7 (time-ordered, stable); secrets are
 * ≥ 128 random bits, base64url, compared and stored by SHA-256 hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new time-ordered id (UUIDv7). */
export const newId = (): string => Bun.randomUUIDv7()

/** `bytes` random bytes as base64url (16 bytes = 128 bits → 22 characters). */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url')

/** Hex SHA-256 of a secret; what the database keeps instead of the secret. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')

/** Constant-time comparison of two strings of hex or text. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
