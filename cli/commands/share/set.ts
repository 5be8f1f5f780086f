import { boolArg, defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'
import { printWarnings, shareDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { updateShareSchema } from '../../../server/contract/share/schemas.ts'
import { READ_ACCESS, type ReadAccess } from '../../../server/contract/share/reads.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { limitsArgs, limitsBody } from './_limits.ts'
import { retentionArgs, retentionBody } from './_retention.ts'
import { pagesArgs, pagesBody } from './_pages.ts'
import { languageArgs, languageBody } from './_languages.ts'
import { spamArgs, spamBody } from './_spam.ts'
import { challengeArgs, challengeBody } from './_challenge.ts'

const switchArg = (what: string) =>
  ({ type: 'string', description: `${what}: on or off`, valueHint: 'on|off' }) as const

/** `--reads off|summary|records`; `on` (the old switch) still means records. */
function readsArg(raw: string | undefined): ReadAccess | undefined {
  if (raw === undefined) return undefined
  const value = raw.trim().toLowerCase()
  if ((READ_ACCESS as readonly string[]).includes(value)) return value as ReadAccess
  if (value === 'on') return 'records'
  throw usageError(
    `--reads must be ${READ_ACCESS.slice(0, -1).join(', ')} or ${READ_ACCESS.at(-1)} (on still means records), got "${raw}"`,
  )
}

/** `--summary-min 5`: a whole number; the schema says what range it must be in. */
function summaryMinArg(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  if (!/^\s*\d+\s*$/.test(raw))
    throw usageError(
      `--summary-min must be a whole number of at least ${LIMITS.summaryMinRespondentsFloor}, got "${raw}"`,
    )
  return Number(raw)
}

export default defineSvcCommand({
  description:
    "Change endpoint settings: writes, reads, auto-create, honeypot, rate limit, redirect origins, what a browser sees after a form post (and whether it offers another response), the public summary's minimum respondents, and the limits that close the form (by hand, after N records, at a time) or take one response per browser or per value of a field, how long records are kept, the form's page titles and page conditions, the content rules and duplicate window against spam, and the proof-of-work challenge",
  example:
    'svc-cli share set --app 0193… --reads summary --rate-limit 5/s,20 --redirect-origins https://example.com     # --reads records asks first (--yes); --close-after 100 --unique-field email',
  effect: 'write',
  flagFor: { summaryMinRespondents: '--summary-min', submitAnother: '--submit-another' },
  args: {
    ...appArg,
    service: switchArg('Accept submissions'),
    reads: {
      type: 'string',
      description:
        'Who reads with the endpoint link alone: off (only you, with your access token; the default), summary (anyone reads /summary) or records (anyone reads every record)',
      valueHint: READ_ACCESS.join('|'),
    },
    'auto-create': switchArg('Create fields for unknown keys'),
    honeypot: {
      type: 'string',
      description: 'Form key that marks a submission as spam when non-empty (default _gotcha)',
      valueHint: 'name',
    },
    'rate-limit': {
      type: 'string',
      description: 'e.g. 20/s,100, "off", or "default" for the server default',
      valueHint: 'rate',
    },
    'redirect-origins': {
      type: 'string',
      description: 'Comma-separated origins allowed for _redirect ("" for none)',
      valueHint: 'origins',
    },
    'thank-you-message': {
      type: 'string',
      description: 'What the hosted thank-you page says after a form post ("" for the default sentence)',
      valueHint: 'text',
    },
    'thank-you-url': {
      type: 'string',
      description: 'Where a browser goes after a form post instead of the hosted thank-you page ("" for that page)',
      valueHint: 'url',
    },
    'submit-another': switchArg('The thank-you page offers "Submit another response" (default on)'),
    'summary-min': {
      type: 'string',
      description: `The public summary lists a value only when at least this many records gave it (at least ${LIMITS.summaryMinRespondentsFloor}, default ${LIMITS.summaryMinRespondents}); you always read every value`,
      valueHint: 'n',
    },
    ...limitsArgs,
    ...retentionArgs,
    ...pagesArgs,
    ...languageArgs,
    ...spamArgs,
    ...challengeArgs,
    ...yesArg,
  },
  async run(args, env) {
    const rateLimit =
      args['rate-limit'] === undefined
        ? undefined
        : args['rate-limit'].trim().toLowerCase() === 'default'
          ? null
          : args['rate-limit'].trim()
    const body = {
      service: boolArg(args.service, 'service'),
      reads: readsArg(args.reads),
      autoCreate: boolArg(args['auto-create'], 'auto-create'),
      honeypot: args.honeypot,
      rateLimit,
      redirectOrigins:
        args['redirect-origins'] === undefined
          ? undefined
          : args['redirect-origins']
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
      thankYouMessage: args['thank-you-message'],
      thankYouUrl:
        args['thank-you-url'] === undefined
          ? undefined
          : args['thank-you-url'].trim() === ''
            ? null
            : args['thank-you-url'],
      submitAnother: boolArg(args['submit-another'], 'submit-another'),
      summaryMinRespondents: summaryMinArg(args['summary-min']),
      ...limitsBody(args),
      ...retentionBody(args),
      ...pagesBody(args),
      ...languageBody(args, env.argv),
      ...spamBody(args),
      ...challengeBody(args),
    }
    if (Object.values(body).every((v) => v === undefined)) {
      throw usageError(
        'Nothing to change: pass --service, --reads, --auto-create, --honeypot, --rate-limit, --redirect-origins, --thank-you-message, --thank-you-url, --submit-another, --summary-min, --closed, --open, --close-after, --closes-at, --closed-message, --one-per-browser, --unique-field, --keep-records-days, --keep-spam-days, --pages, --language, --translation, --spam-rules, --dedupe-seconds, --dedupe-json, --challenge or --challenge-difficulty',
      )
    }
    // The admin asks too: every record, to anyone the link reaches (it sits in public pages).
    if (body.reads === 'records') await env.confirm('Let anyone with the endpoint link read every record?', args.yes)
    const share = await env
      .client()
      .call('share.update', { params: { id: args.app }, body: checkInput(updateShareSchema, body) })
    printWarnings(env, share)
    return result(share, shareDetails(share))
  },
})
