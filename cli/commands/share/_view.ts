/**
 * @module How endpoint settings read in a terminal; shared by the share commands. Warnings
 * the server attaches (reads open to anyone with the link) go to stderr as well, so they
 * are seen even when stdout is piped or is JSON.
 */
import { pagesLine } from './_pages.ts'
import { keptFor } from './_retention.ts'
import { spamDetails } from './_spam.ts'
import type { CommandEnv } from '../../command.ts'
import { details, type Style } from '../../output.ts'
import type { Share } from '../../../server/contract/api/share.ts'
import type { ReadAccess } from '../../../server/contract/share/reads.ts'

export type { Share }

const onOff = (value: boolean) => (value ? 'on' : 'off')

/** The reads setting with what it means for someone holding only the link. */
const READS: Record<ReadAccess, string> = {
  off: 'off (only you read, with your access token)',
  summary: 'summary (anyone with the link reads /summary)',
  records: 'records (anyone with the link reads every record)',
}

export const shareDetails = (share: Share) => (style: Style) =>
  details(style, {
    published: share.published ? `yes (since ${share.publishedAt})` : 'no',
    endpoint: share.endpoint,
    'service (writes)': onOff(share.service),
    'reads (query/summary)': READS[share.reads] ?? share.reads,
    'public summary': `values at least ${share.summaryMinRespondents} records gave; never e-mail addresses`,
    'auto-create fields': onOff(share.autoCreate),
    honeypot: share.honeypot,
    'rate limit': share.rateLimit ? share.rateLimit : `${share.effectiveRateLimit} (server default)`,
    'redirect origins': share.redirectOrigins,
    'after a form post':
      share.thankYouUrl ??
      (share.thankYouMessage === ''
        ? 'the hosted thank-you page'
        : `the hosted thank-you page: ${share.thankYouMessage}`),
    'another response': share.submitAnother ? 'offered on the thank-you page' : 'not offered',
    'taking responses': share.closedNow ? 'no: closed (posts answer 403 closed)' : 'yes',
    'closed by hand': share.closed ? 'yes' : 'no',
    'closes after': share.closeAfter === null ? 'no limit' : `${share.closeAfter} records (${share.records} so far)`,
    'closes at': share.closesAt ?? 'never',
    'closed text': share.closedMessage === '' ? 'the default sentence' : share.closedMessage,
    'one per browser': onOff(share.onePerBrowser),
    'one per value of': share.uniqueField ?? 'no field',
    records: keptFor(share.keepRecordsDays, 'records'),
    spam: keptFor(share.keepSpamDays, 'spam'),
    pages: pagesLine(share.pages),
    language: share.language,
    ...(Object.keys(share.translations).length > 0
      ? { 'other languages': Object.keys(share.translations).join(', ') }
      : {}),
    ...spamDetails(share),
    challenge:
      share.challenge === 'off' ? 'off' : `${share.challenge} (proof of work, difficulty ${share.challengeDifficulty})`,
  })

/** Writes each of the answer's warnings to stderr as `warning: …`. */
export function printWarnings(env: CommandEnv, share: Share): void {
  for (const warning of share.warnings ?? []) void env.io.stderr.write(`warning: ${warning}\n`)
}
