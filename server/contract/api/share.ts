/**
 * @module The share operations and their answer: the owner's share settings of an app and
 * its publication. The public collection endpoints themselves are `ingest.*` and `reads.*`
 * under /api/v3/share/:token.
 */
import { z } from 'zod'
import { KEEP_RECORDS_MEANING, KEEP_SPAM_MEANING, keepDaysDescription } from '../share/retention.ts'
import { LIMITS } from '../limits.ts'
import { showIfSchema } from '../fields/show-if.ts'
import { PAGES_MEANING } from '../share/pages.ts'
import { DEDUPE_JSON_MEANING, DEDUPE_SECONDS_MEANING, spamRulesSchema } from '../share/spam-rules.ts'
import { READ_ACCESS } from '../share/reads.ts'
import { LANGUAGE_MEANING } from '../share/languages.ts'
import { CHALLENGE_MEANING, CHALLENGE_MODES, DEFAULT_CHALLENGE_DIFFICULTY } from '../share/challenge.ts'
import {
  ONE_PER_BROWSER_MEANING,
  SUBMIT_ANOTHER_MEANING,
  UNIQUE_FIELD_MEANING,
  updateShareSchema,
} from '../share/schemas.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

export const shareSchema = named('Share', () =>
  z.object({
    published: z.boolean(),
    token: z.string().nullable().meta({ description: 'The endpoint token; null until the first publish' }),
    endpoint: z.string().nullable().meta({ description: 'The endpoint URL; null until the first publish' }),
    service: z.boolean().meta({ description: 'Submissions (POST) accepted' }),
    reads: z
      .enum(READ_ACCESS)
      .meta({ description: 'Who reads with the endpoint token alone ("off": only the owner, with an access token)' }),
    autoCreate: z.boolean().meta({ description: 'Unknown keys of submissions become fields' }),
    honeypot: z.string().meta({ description: 'The form key that marks a submission as spam when non-empty' }),
    rateLimit: z
      .string()
      .nullable()
      .meta({ description: "The endpoint's own rate limit; null for the server default" }),
    effectiveRateLimit: z
      .string()
      .meta({ description: 'The rate limit that applies: the endpoint\'s or the server default, "off" for none' }),
    redirectOrigins: z
      .array(z.string())
      .meta({ description: 'Origins `_redirect` may send a browser to after a form post' }),
    thankYouMessage: z
      .string()
      .meta({ description: "What the hosted thank-you page says after a form post; '' for the default sentence" }),
    thankYouUrl: z.string().nullable().meta({
      description: 'Where a browser goes after a form post instead of the hosted thank-you page; null for that page',
    }),
    submitAnother: z.boolean().meta({ description: SUBMIT_ANOTHER_MEANING }),
    summaryMinRespondents: z
      .number()
      .int()
      .meta({
        description: `The public summary lists a value only when at least this many records and clients other than the reader gave it (default ${LIMITS.summaryMinRespondents})`,
      }),
    closed: z.boolean().meta({ description: 'Closed by hand' }),
    closeAfter: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The form closes once it holds this many records (spam not counted); null for no limit' }),
    closesAt: isoTime.nullable().meta({ description: 'The form closes at this moment; null for never' }),
    closedMessage: z
      .string()
      .meta({ description: "What the fill-in page says while the form is closed; '' for the default sentence" }),
    onePerBrowser: z.boolean().meta({ description: ONE_PER_BROWSER_MEANING }),
    uniqueField: z.string().nullable().meta({ description: UNIQUE_FIELD_MEANING }),
    keepRecordsDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: keepDaysDescription(KEEP_RECORDS_MEANING) }),
    keepSpamDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: keepDaysDescription(KEEP_SPAM_MEANING) }),
    pages: z
      .array(
        z.object({
          title: z.string().meta({ description: "The page's heading; '' for none" }),
          showIf: showIfSchema.optional(),
          translations: z
            .record(z.string(), z.object({ title: z.string() }))
            .optional()
            .meta({ description: 'The title in other languages, by language tag' }),
        }),
      )
      .meta({ description: PAGES_MEANING }),
    language: z.string().meta({ description: LANGUAGE_MEANING }),
    translations: z
      .record(z.string(), z.object({ thankYouMessage: z.string().optional(), closedMessage: z.string().optional() }))
      .meta({
        description:
          'The thank-you and closed texts in other languages, by language tag; each language listed is offered',
      }),
    spamRules: spamRulesSchema,
    dedupeSeconds: z.number().int().meta({ description: DEDUPE_SECONDS_MEANING }),
    dedupeJson: z.boolean().meta({ description: DEDUPE_JSON_MEANING }),
    challenge: z.enum(CHALLENGE_MODES).meta({ description: CHALLENGE_MEANING }),
    challengeDifficulty: z
      .number()
      .int()
      .meta({
        description: `The challenge's difficulty (altcha's maxnumber); default ${DEFAULT_CHALLENGE_DIFFICULTY}`,
      }),
    records: z
      .number()
      .int()
      .meta({ description: 'Records the form holds now (spam not counted), as closeAfter counts them' }),
    closedNow: z.boolean().meta({
      description:
        'True while submissions are refused with 403 closed: closed by hand, closeAfter reached or closesAt passed',
    }),
    publishedAt: isoTime.nullable(),
    warnings: z
      .array(z.string())
      .optional()
      .meta({ description: 'Present when reads are open: what anyone holding the endpoint or fill-in link can read' }),
  }),
)
export type Share = z.output<ReturnType<typeof shareSchema>>

const tags = ['share']

export const shareOperations = lazyAnswers({
  'share.get': {
    summary: 'Share settings and the endpoint URL',
    tags,
    access: 'owner',
    permission: 'settings:read',
    answers: () => ({ 200: data(shareSchema(), 'The share settings') }),
    errors: ['not_found'],
  },
  'share.update': {
    summary: 'Change share settings',
    description:
      'Properties left out stay as they are. The honeypot key cannot be the name of a field of the app, and uniqueField must be one (422 validation).',
    tags,
    access: 'owner',
    permission: 'share:write',
    body: updateShareSchema,
    answers: () => ({ 200: data(shareSchema(), 'The share settings as they are now') }),
    errors: ['not_found'],
  },
  'share.publish': {
    summary: 'Publish the endpoint',
    description:
      'Opens the endpoint to submissions (reads stay as the `reads` setting says); the first publish makes its token. Publishing a published app changes nothing.',
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(shareSchema(), 'The share settings, published') }),
    errors: ['not_found'],
  },
  'share.unpublish': {
    summary: 'Unpublish the endpoint',
    description: 'The endpoint answers 404 until the next publish; the token is kept.',
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(shareSchema(), 'The share settings, unpublished') }),
    errors: ['not_found'],
  },
  'share.rotate': {
    summary: 'Replace the endpoint token',
    description:
      'The old token answers 404 from then on. An app never published has no token to replace (409 conflict).',
    tags,
    access: 'owner',
    permission: 'share:open',
    answers: () => ({ 200: data(shareSchema(), 'The share settings with the new token') }),
    errors: ['not_found', 'conflict'],
  },
} as const) satisfies OperationsOf<'share'>
