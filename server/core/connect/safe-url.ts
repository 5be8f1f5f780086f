/**
 * @module URLs that pages show to respondents (logo, expert avatar): absolute http(s)
 * only, so no `javascript:` or `data:` URL can reach an `src` attribute.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { ASSESSMENT } from '../limits.ts'

/** True for an absolute http: or https: URL with a host and no credentials. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === ''
}

/** An http(s) image URL, or null to remove it. */
export const imageUrlSchema = z
  .string({ error: expect('an http(s) URL or null') })
  .trim()
  .max(ASSESSMENT.maxUrlLength, `can have at most ${ASSESSMENT.maxUrlLength} characters`)
  .refine(isHttpUrl, 'must be an absolute http:// or https:// URL without user name or password')
  .nullable()
