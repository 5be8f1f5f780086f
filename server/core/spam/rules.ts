/**
 * @module The content rules (share setting `spamRules`, contract/share/spam-rules.ts): a
 * pure check of one record's data, giving the reason codes of the rules it trips (none:
 * not spam by these rules). It reads at most `SPAM_RULE_LIMITS.examinedChars` of the
 * record's text (text.ts), and its word list is one regex built once per rules object.
 */
import type { SpamRuleReason, SpamRules } from '../../contract/share/spam-rules.ts'
import { blockedDomain, disposableDomain, emailDomains } from './domains.ts'
import type { StampReading } from './stamp.ts'
import { examinedText, folded } from './text.ts'

/** What the check knows besides the data: the post's page stamp and the time now (epoch ms). */
export interface SpamContext {
  stamp: StampReading
  now: number
}

/** Letters needed before the script rule judges: a short answer ("OK", a name) says little. */
const MIN_LETTERS = 8

const LINK = /\bhttps?:\/\/|\bwww\./gi

const wordPatterns = new WeakMap<readonly string[], RegExp>()
const scriptPatterns = new WeakMap<readonly string[], RegExp>()

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/** One regex matching any of the phrases whole (not inside a longer word), on folded text. */
function wordPattern(words: readonly string[]): RegExp {
  let pattern = wordPatterns.get(words)
  if (!pattern) {
    const phrases = words.map((word) => escaped(folded(word)).replace(/\s+/g, '\\s+'))
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join('|')})(?![\\p{L}\\p{N}])`, 'u')
    wordPatterns.set(words, pattern)
  }
  return pattern
}

/** A regex matching a letter of none of `scripts`. */
function foreignLetter(scripts: readonly string[]): RegExp {
  let pattern = scriptPatterns.get(scripts)
  if (!pattern) {
    pattern = new RegExp(`(?![${scripts.map((name) => `\\p{Script=${name}}`).join('')}])\\p{L}`, 'gu')
    scriptPatterns.set(scripts, pattern)
  }
  return pattern
}

const count = (text: string, pattern: RegExp) => {
  let found = 0
  for (const _ of text.matchAll(pattern)) found++
  return found
}

/** Whether most of the letters of `text` are in scripts `scripts` does not list. */
function unexpectedScript(text: string, scripts: readonly string[]): boolean {
  const letters = count(text, /\p{L}/gu)
  if (letters < MIN_LETTERS) return false
  return count(text, foreignLetter(scripts)) * 2 > letters
}

/** The reasons of the rules `data` trips, in the order of the rules. */
export function spamReasons(rules: SpamRules, data: unknown, context: SpamContext): SpamRuleReason[] {
  const reasons: SpamRuleReason[] = []
  const text = examinedText(data)
  if (rules.maxLinks !== undefined && count(text, LINK) > rules.maxLinks) reasons.push('links')
  if (rules.blockedWords?.length && wordPattern(rules.blockedWords).test(folded(text))) reasons.push('blocked_word')
  if (rules.blockedDomains?.length || rules.blockDisposable) {
    const domains = emailDomains(text)
    const blocked = rules.blockedDomains
    if (blocked?.length && domains.some((domain) => blockedDomain(domain, blocked))) reasons.push('blocked_domain')
    if (rules.blockDisposable && domains.some(disposableDomain)) reasons.push('disposable_domain')
  }
  if (rules.scripts?.length && unexpectedScript(text, rules.scripts)) reasons.push('unexpected_script')
  if (rules.minSeconds !== undefined) {
    const stamp = context.stamp
    if (stamp.kind === 'forged') reasons.push('bad_stamp')
    else if (stamp.kind === 'none' && rules.requireStamp) reasons.push('no_stamp')
    // A stamp from the future is as good as forged: the server made it, so it cannot be.
    else if (stamp.kind === 'loaded' && stamp.at > context.now) reasons.push('bad_stamp')
    else if (stamp.kind === 'loaded' && context.now - stamp.at < rules.minSeconds * 1000) reasons.push('too_fast')
  }
  return reasons
}
