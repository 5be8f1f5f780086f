/**
 * @module Keeps small secrets at rest under the server's key. Endpoint tokens are looked up
 * by hash but must be shown to their owner again, so the database keeps them sealed
 * (AES-256-GCM) rather than in the clear. Secrets too small to survive a plain hash (a
 * 6-digit login code has a million values) are stored as a keyed hash (HMAC-SHA256), which
 * someone holding only the database cannot reverse.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

export interface Sealer {
  seal(plain: string): string
  open(sealed: string): string
  /** Hex HMAC-SHA256 of `text` under a key derived from the server's key. */
  mac(text: string): string
}

/** A sealer for a 32-byte key given as base64url. */
export function createSealer(keyBase64url: string): Sealer {
  const key = Buffer.from(keyBase64url, 'base64url')
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes of base64url')
  // Its own key, so the MAC and the cipher never share one.
  const macKey = createHmac('sha256', key).update('svc mac key v1').digest()
  return {
    mac: (text) => createHmac('sha256', macKey).update(text).digest('hex'),
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

/** A fresh random key, base64url. */
export const newSecretKey = (): string => randomBytes(32).toString('base64url')
