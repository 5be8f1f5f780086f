/**
 * @module Input schema of the share settings, shared by the HTTP route (and so the OpenAPI
 * document), the CLI and the MCP tools.
 */
import { z } from 'zod'
import { keepRecordsDaysSchema, keepSpamDaysSchema } from './retention.ts'
import { pagesSchema } from './pages.ts'
import { DEDUPE_JSON_MEANING, dedupeSecondsSchema, spamRulesSchema } from './spam-rules.ts'
import { challengeDifficultySchema, challengeModeSchema } from './challenge.ts'
import { bodyObject, expect } from '../apps/input.ts'
import { fieldNameSchema } from '../fields/schemas.ts'
import { isHttpUrl } from '../connect/safe-url.ts'
import { LIMITS } from '../limits.ts'
import { rateLimitProblem } from './rate-limit.ts'
import { READ_ACCESS, READ_ACCESS_MEANING } from './reads.ts'
import { shareLanguageSchema, shareTranslationsSchema } from './languages.ts'

const switchSchema = z.boolean({ error: expect('true or false') })

/** The origin of an absolute http(s) URL, or null when `raw` is not one. */
export function httpOrigin(raw: string): string | null {
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

const readAccessList = READ_ACCESS.map((value) => `"${value}"`)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' or ')

/** `off`, `summary` or `records`; `true`/`false` (older scripts) are taken as `records`/`off`. */
export const readAccessSchema = z
  .union([z.enum(READ_ACCESS), z.boolean()], {
    error: expect(`${readAccessList} (true and false still mean "records" and "off")`),
  })
  .meta({
    description:
      `Who may read with the endpoint token alone. ${READ_ACCESS.map((value) => `"${value}": ${READ_ACCESS_MEANING[value]}`).join('; ')}. ` +
      'The owner\'s access token (Authorization: Bearer) always reads. true and false are accepted as "records" and "off". Answers that open reads carry data.warnings.',
    example: 'off',
  })

export const rateLimitSchema = z
  .string({ error: expect('a string like "20/s,100", "off", or null') })
  .superRefine((raw, issues) => {
    const problem = rateLimitProblem(raw)
    if (problem) issues.addIssue({ code: 'custom', message: problem })
  })
  .nullable()
  .meta({
    description: 'Token bucket "<rate>/s,<burst>" (e.g. "20/s,100"), "off", or null for the server default',
    example: '20/s,100',
  })

export const redirectOriginsSchema = z
  .array(
    z
      .string({ error: expect('a string') })
      .refine((raw) => httpOrigin(raw) !== null, 'must be an http:// or https:// URL such as https://example.com'),
    { error: expect('an array of origins') },
  )
  .refine(
    (origins) => origins.length <= LIMITS.maxRedirectOrigins,
    `can list at most ${LIMITS.maxRedirectOrigins} origins`,
  )
  .meta({
    description: `Origins (scheme://host[:port]) that \`_redirect\` may send a browser to after a form post; at most ${LIMITS.maxRedirectOrigins}`,
  })

export const thankYouMessageSchema = z
  .string({ error: expect('a string') })
  .trim()
  .max(LIMITS.maxThankYouMessage, `can have at most ${LIMITS.maxThankYouMessage} characters`)
  .meta({
    description:
      'What the hosted thank-you page says after a form post (plain text; line breaks kept); "" for the default sentence',
  })

export const thankYouUrlSchema = z
  .string({ error: expect('an http(s) URL or null') })
  .trim()
  .max(LIMITS.maxThankYouUrl, `can have at most ${LIMITS.maxThankYouUrl} characters`)
  .refine(
    isHttpUrl,
    'must be an absolute http:// or https:// URL without user name or password, such as https://example.com/thanks',
  )
  .nullable()
  .meta({
    description: 'Where a browser goes after a form post, instead of the hosted thank-you page; null for that page',
  })

/** What the `submitAnother` setting does (the API, the CLI and the admin say it alike). */
export const SUBMIT_ANOTHER_MEANING =
  'The thank-you page offers "Submit another response": back to the form (the hosted fill-in page, or the page of your own form); default true'

const { summaryMinRespondentsFloor: FLOOR, summaryMinRespondentsCeiling: CEILING } = LIMITS

export const summaryMinRespondentsSchema = z
  .number({ error: expect(`a whole number from ${FLOOR} to ${CEILING}`) })
  .int(`must be a whole number from ${FLOOR} to ${CEILING}`)
  .min(FLOOR, `must be at least ${FLOOR}: a value fewer people gave could point at one of them`)
  .max(CEILING, `can be at most ${CEILING}`)
  .meta({
    description:
      `The public summary (read with the endpoint token alone) lists a value only when at least this many records and clients other than the reader gave it; rarer values are counted in \`other\`. ` +
      `At least ${FLOOR}; default ${LIMITS.summaryMinRespondents}. The owner's access token reads every value.`,
    example: LIMITS.summaryMinRespondents,
  })

export const closeAfterSchema = z
  .number({ error: expect(`a whole number from 1 to ${LIMITS.maxCloseAfter}, or null`) })
  .int(`must be a whole number from 1 to ${LIMITS.maxCloseAfter}`)
  .min(1, 'must be at least 1; null for no limit, or closed: true to close the form now')
  .max(LIMITS.maxCloseAfter, `can be at most ${LIMITS.maxCloseAfter}`)
  .nullable()
  .meta({
    description:
      'The form closes once it holds this many records (spam not counted; deleting records opens places again); null for no limit',
    example: 100,
  })

export const closesAtSchema = z.iso
  .datetime({ offset: true, error: 'must be a date and time with its zone, e.g. 2027-03-01T18:00:00Z, or null' })
  .nullable()
  .meta({
    description: 'The form closes at this moment (ISO 8601 with a zone); null for never',
    example: '2027-03-01T18:00:00Z',
  })

export const closedMessageSchema = z
  .string({ error: expect('a string') })
  .trim()
  .max(LIMITS.maxClosedMessage, `can have at most ${LIMITS.maxClosedMessage} characters`)
  .meta({
    description: 'What the hosted fill-in page says while the form is closed (plain text); "" for the default sentence',
  })

/** What the `onePerBrowser` setting does (the API, the CLI and the admin say it alike). */
export const ONE_PER_BROWSER_MEANING =
  "One response per browser: the fill-in page's post sets a cookie, and a second post from that browser is refused (409 duplicate); default false"

/** What the `uniqueField` setting does. */
export const UNIQUE_FIELD_MEANING =
  'One response per value of this field (e-mail addresses compared trimmed and case-insensitively, other text exactly): a second one is refused (409 duplicate); null for none. Must name a field of the app; renaming the field follows it, removing the field clears the setting'

export const updateShareSchema = bodyObject({
  service: switchSchema.optional().meta({ description: 'Accept submissions (POST)' }),
  reads: readAccessSchema.optional(),
  autoCreate: switchSchema.optional().meta({ description: 'Create fields for unknown keys in submissions' }),
  honeypot: fieldNameSchema
    .optional()
    .meta({ description: 'Form key that marks a submission as spam when non-empty; default _gotcha' }),
  rateLimit: rateLimitSchema.optional(),
  redirectOrigins: redirectOriginsSchema.optional(),
  thankYouMessage: thankYouMessageSchema.optional(),
  thankYouUrl: thankYouUrlSchema.optional(),
  submitAnother: switchSchema.optional().meta({ description: SUBMIT_ANOTHER_MEANING }),
  summaryMinRespondents: summaryMinRespondentsSchema.optional(),
  closed: switchSchema.optional().meta({
    description: 'Closed by hand: the fill-in page shows the closed text and every ingest route answers 403 closed',
  }),
  closeAfter: closeAfterSchema.optional(),
  closesAt: closesAtSchema.optional(),
  closedMessage: closedMessageSchema.optional(),
  onePerBrowser: switchSchema.optional().meta({ description: ONE_PER_BROWSER_MEANING }),
  uniqueField: fieldNameSchema.nullable().optional().meta({ description: UNIQUE_FIELD_MEANING }),
  keepRecordsDays: keepRecordsDaysSchema.optional(),
  keepSpamDays: keepSpamDaysSchema.optional(),
  pages: pagesSchema.optional(),
  language: shareLanguageSchema.optional(),
  translations: shareTranslationsSchema.optional(),
  spamRules: spamRulesSchema.optional(),
  dedupeSeconds: dedupeSecondsSchema.optional(),
  dedupeJson: switchSchema.optional().meta({ description: DEDUPE_JSON_MEANING }),
  challenge: challengeModeSchema.optional(),
  challengeDifficulty: challengeDifficultySchema.optional(),
})
export type UpdateShareInput = z.input<typeof updateShareSchema>
