/**
 * @module The content rules a stranger's post is checked against (share setting
 * `spamRules`, checked by core/spam/rules.ts) and the duplicate window (`dedupeSeconds`,
 * `dedupeJson`, core/collect/dedupe.ts). A post that trips a rule is stored as spam, never
 * refused, with the rules' reason codes in `meta.spamReasons`.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'

/** The bounds of the setting: what an owner may make the server check on every post. */
export const SPAM_RULE_LIMITS = {
  /** Entries of each list. */
  maxEntries: 200,
  /** Characters of one entry. */
  maxEntryLength: 100,
  /** Allowed scripts listed. */
  maxScripts: 20,
  /** The largest `maxLinks`. */
  maxLinks: 1000,
  /** The largest `minSeconds`. */
  maxMinSeconds: 3600,
  /** Characters of a post's text the rules read (the rest is not examined). */
  examinedChars: 20_000,
  /** The largest `dedupeSeconds`: a day, as long as an Idempotency-Key is kept. */
  maxDedupeSeconds: 86_400,
} as const

/** The reason codes the rules give, and what each means (folded into the spam-reason list at merge). */
export const SPAM_RULE_REASONS = {
  links: 'More links than spamRules.maxLinks',
  blocked_word: 'A word or phrase of spamRules.blockedWords',
  blocked_domain: 'An e-mail address at a domain of spamRules.blockedDomains',
  disposable_domain: 'An e-mail address at a disposable-mail domain (spamRules.blockDisposable)',
  unexpected_script: 'Text mostly in a script spamRules.scripts does not allow',
  too_fast: 'Posted sooner after the page loaded than spamRules.minSeconds',
  bad_stamp: "The page's signed load time was forged or altered",
  no_stamp: 'No signed load time while spamRules.requireStamp is on',
} as const
export type SpamRuleReason = keyof typeof SPAM_RULE_REASONS

/** Whether `name` is a Unicode script the regex engine knows (`\p{Script=…}`). */
function knownScript(name: string): boolean {
  try {
    new RegExp(`\\p{Script=${name}}`, 'u')
    return true
  } catch {
    return false
  }
}

const entry = z
  .string({ error: expect('a string') })
  .trim()
  .min(1, 'must not be empty')
  .max(SPAM_RULE_LIMITS.maxEntryLength, `can have at most ${SPAM_RULE_LIMITS.maxEntryLength} characters`)

const domain = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i

const entries = (what: string, example: string[], item: z.ZodType<string> = entry) =>
  z
    .array(item, { error: expect('an array of strings') })
    .max(SPAM_RULE_LIMITS.maxEntries, `can have at most ${SPAM_RULE_LIMITS.maxEntries} entries`)
    .optional()
    .meta({ description: what, example })

export const spamRulesSchema = z
  .strictObject(
    {
      maxLinks: z
        .number({ error: expect(`a whole number from 0 to ${SPAM_RULE_LIMITS.maxLinks}`) })
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(SPAM_RULE_LIMITS.maxLinks, `can be at most ${SPAM_RULE_LIMITS.maxLinks}`)
        .optional()
        .meta({ description: 'More http(s) or www. links than this across the text values: reason `links`' }),
      blockedWords: entries('Words or phrases matched whole, ignoring case and accents: reason `blocked_word`', [
        'casino',
        'buy now',
      ]),
      blockedDomains: entries(
        'E-mail domains (their subdomains too): reason `blocked_domain`',
        ['example.net'],
        entry.regex(domain, 'must be a domain name such as example.net').toLowerCase(),
      ),
      blockDisposable: z
        .boolean({ error: expect('true or false') })
        .optional()
        .meta({
          description:
            'E-mail addresses at a disposable-mail domain (the disposable-email-domains list): reason `disposable_domain`',
        }),
      scripts: z
        .array(
          z
            .string({ error: expect('a string') })
            .refine(knownScript, 'must be a Unicode script name such as Latin, Cyrillic or Han'),
          { error: expect('an array of script names') },
        )
        .min(1, 'must name at least one script; leave scripts out to allow any')
        .max(SPAM_RULE_LIMITS.maxScripts, `can have at most ${SPAM_RULE_LIMITS.maxScripts} scripts`)
        .optional()
        .meta({
          description: 'The scripts the text may be in: text mostly in another one gives `unexpected_script`',
          example: ['Latin'],
        }),
      minSeconds: z
        .number({ error: expect(`a whole number of seconds from 1 to ${SPAM_RULE_LIMITS.maxMinSeconds}`) })
        .int('must be a whole number of seconds')
        .min(1, 'must be at least 1 second')
        .max(SPAM_RULE_LIMITS.maxMinSeconds, `can be at most ${SPAM_RULE_LIMITS.maxMinSeconds} seconds`)
        .optional()
        .meta({
          description:
            'A post sent sooner than this after its page loaded (the signed `_loaded` stamp of the fill-in page or the ?help snippet) gives `too_fast`; a forged stamp `bad_stamp`',
        }),
      requireStamp: z
        .boolean({ error: expect('true or false') })
        .optional()
        .meta({
          description:
            "With minSeconds: a stranger's post with no `_loaded` stamp gives `no_stamp` (leave off while JSON clients post)",
        }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown rules ${issue.keys.map((key) => `"${key}"`).join(', ')}; allowed: maxLinks, blockedWords, blockedDomains, blockDisposable, scripts, minSeconds, requireStamp`
          : 'must be an object of rules, or null for none',
    },
  )
  .nullable()
  .meta({
    description:
      "Content rules checked on strangers' posts (never the owner's): a post that trips one is stored as spam with the reasons in meta.spamReasons, and answered like a success; null for none",
    example: { maxLinks: 2, blockedWords: ['casino'], blockDisposable: true, scripts: ['Latin'], minSeconds: 3 },
  })
export type SpamRules = NonNullable<z.output<typeof spamRulesSchema>>

/** What `dedupeSeconds` does (the API, the CLI and the admin say it alike). */
export const DEDUPE_SECONDS_MEANING =
  'The same data posted again by the same client within this many seconds is answered like the first post, with its id, and stored once (form posts; JSON too with dedupeJson); 0 turns it off; default 600'

/** What `dedupeJson` does. */
export const DEDUPE_JSON_MEANING =
  'JSON posts (one record) are deduplicated too; default false, since devices may send the same reading twice on purpose (send an Idempotency-Key instead)'

export const dedupeSecondsSchema = z
  .number({ error: expect(`a whole number of seconds from 0 to ${SPAM_RULE_LIMITS.maxDedupeSeconds}`) })
  .int('must be a whole number of seconds')
  .min(0, 'must be at least 0; 0 turns it off')
  .max(SPAM_RULE_LIMITS.maxDedupeSeconds, `can be at most ${SPAM_RULE_LIMITS.maxDedupeSeconds} seconds (a day)`)
  .meta({ description: DEDUPE_SECONDS_MEANING, example: 600 })

/** The stored rules (JSON text) read back; null for none or unreadable text. */
export function spamRulesOf(text: string | null): SpamRules | null {
  if (text === null) return null
  const parsed = spamRulesSchema.safeParse(safeJson(text))
  return parsed.success ? parsed.data : null
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
