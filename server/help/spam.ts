/**
 * @module The "Spam and duplicates" section of the write pages: which content rules are on
 * (their kinds and numbers, never the owner's word or domain lists, which would tell a
 * spammer what to avoid), the page stamp, and the duplicate window.
 */
import type { HelpLimits } from '../contract/help/input.ts'
import type { SpamRules } from '../contract/share/spam-rules.ts'
import { STAMP_KEY } from '../core/spam/stamp.ts'

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** One line per rule that is on. */
function ruleLines(rules: SpamRules): string[] {
  return [
    ...(rules.maxLinks === undefined ? [] : [`more than ${plural(rules.maxLinks, 'link')} (\`links\`)`]),
    ...(rules.blockedWords?.length ? ['a blocked word or phrase (`blocked_word`)'] : []),
    ...(rules.blockedDomains?.length ? ['an e-mail address at a blocked domain (`blocked_domain`)'] : []),
    ...(rules.blockDisposable ? ['an e-mail address at a disposable-mail domain (`disposable_domain`)'] : []),
    ...(rules.scripts?.length
      ? [`text mostly in a script other than ${rules.scripts.join(', ')} (\`unexpected_script\`)`]
      : []),
    ...(rules.minSeconds === undefined
      ? []
      : [
          `a post sent sooner than ${plural(rules.minSeconds, 'second')} after its page loaded (\`too_fast\`), timed by the signed \`${STAMP_KEY}\` value the hosted fill-in page carries; a forged one is \`bad_stamp\`${rules.requireStamp ? ', and a post without one `no_stamp`' : ' (a post without one is not timed)'}`,
        ]),
  ]
}

/** What happens to spam and to the same post sent twice on this endpoint. */
export function spamSection(limits: HelpLimits): string {
  const rules = limits.spamRules ? ruleLines(limits.spamRules) : []
  const seconds = limits.dedupeSeconds ?? 0
  return [
    rules.length === 0
      ? 'No content rules are set (`spamRules`): only the honeypot flags spam.'
      : [
          "A post is stored flagged as spam, and answered like any success, when it has (`spamRules`; the reason codes are kept in the record's `meta.spamReasons`; posts with the owner's access token are never checked):",
          ...rules.map((line) => `- ${line}`),
        ].join('\n'),
    '',
    seconds === 0
      ? 'Duplicates are stored as sent (`dedupeSeconds` is 0).'
      : `The same data posted again from the same client within ${plural(seconds, 'second')} (\`dedupeSeconds\`) is answered like the first post, with the first record's id, and stored once (a double click, a browser's retry): form posts (/form and the fill-in page)${limits.dedupeJson ? ' and JSON records (`dedupeJson`)' : '; JSON records only with `dedupeJson`'}. Batches are never deduplicated, and a request with an \`Idempotency-Key\` is answered by its key instead.`,
  ].join('\n')
}
