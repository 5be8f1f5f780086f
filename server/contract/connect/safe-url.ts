/**
 * @module URLs that pages show to respondents (logo, expert avatar): absolute https only,
 * so no `javascript:` or `data:` URL can reach an `src` attribute, and no `http://` image is
 * accepted that the pages' Content-Security-Policy (`img-src https: data:`) would then block,
 * leaving respondents a broken image.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { ASSESSMENT } from '../limits.ts'

/** True for an absolute http: or https: URL with a host and no credentials. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  )
}

/** An https image URL, or null to remove it. */
export const imageUrlSchema = z
  .string({ error: expect('an https URL or null') })
  .trim()
  .max(ASSESSMENT.maxUrlLength, `can have at most ${ASSESSMENT.maxUrlLength} characters`)
  .refine(
    (text) => isHttpUrl(text) && text.toLowerCase().startsWith('https:'),
    'must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)',
  )
  .nullable()
