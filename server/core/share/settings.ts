/**
 * @module Reading and changing an app's share settings (switches, honeypot key, rate
 * limit, redirect origins, what a browser sees after a form post and whether it offers
 * another response, and the limits that close the form or take one response per browser
 * or per value).
 */
import { auditChange, auditUnchanged } from '../audit/record.ts'
import { changedSettings } from '../audit/settings.ts'
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound, validationError } from '../../contract/errors.ts'
import { normalizeRateLimit } from '../../contract/share/rate-limit.ts'
import { READ_ACCESS, readAccessOf, type ReadAccess } from '../../contract/share/reads.ts'
import { AppError } from '../../contract/errors.ts'
import type { EndpointRow } from '../../db/storage/share.ts'
import { httpOrigin, updateShareSchema, type UpdateShareInput } from '../../contract/share/schemas.ts'
import { endpointRowOf, toShare, type Share } from './view.ts'
import { NOT_UNIQUE_TYPES } from '../../contract/share/closing.ts'
import { formLayoutText, pageLayoutProblems, pagesOfLayout, type PageLayout } from '../../contract/share/pages.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { conditionedOf } from '../fields/show-if-rules.ts'
import { shareTranslationsAfter } from '../../contract/share/languages.ts'

/** The share settings of one of `userId`'s apps. */
export async function getShare(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireApp(ctx, userId, appId)
  return toShare(ctx, await endpointRowOf(ctx, appId))
}

/** Distinct origins in the order given (`https://a.example/x` and `https://a.example` are one). */
const distinctOrigins = (raw: string[]): string[] => [...new Set(raw.map((url) => httpOrigin(url)!))]

/**
 * Refuses a change that lets strangers read more (reads opened further, or the summary's
 * least number of respondents lowered) unless the caller owns the app: share:write is an
 * admin's, opening reads the owner's (share:open).
 */
function checkOpening(
  role: string,
  before: EndpointRow,
  changes: { reads?: ReadAccess; summaryMinRespondents?: number },
): void {
  if (role === 'owner') return
  const opens =
    changes.reads !== undefined && READ_ACCESS.indexOf(changes.reads) > READ_ACCESS.indexOf(before.reads as ReadAccess)
  const lowers =
    changes.summaryMinRespondents !== undefined && changes.summaryMinRespondents < before.summaryMinRespondents
  if (!opens && !lowers) return
  const what = opens ? `open reads to strangers (reads "${changes.reads}")` : 'lower summaryMinRespondents'
  throw new AppError('forbidden', `Only the app's owner may ${what}; you are ${role}`, {
    permission: 'share:open',
    role: 'owner',
  })
}

/** Refuses a `uniqueField` whose answers are not one value (the store checks that it is a field at all). */
async function checkUniqueType(ctx: AppContext, appId: string, name: string): Promise<void> {
  const field = await ctx.storage.fields.find(appId, name)
  if (field && field.name === name && NOT_UNIQUE_TYPES.includes(field.type))
    throw validationError([
      {
        path: 'uniqueField',
        message: `is a ${field.type} field, whose answers are not one value to compare; name a field such as an e-mail, text or number field`,
      },
    ])
}

/** Refuses page conditions that name no field on an earlier page, or do not fit the field they name (422 validation). */
async function checkPages(ctx: AppContext, appId: string, pages: readonly PageLayout[]): Promise<void> {
  if (!pages.some((page) => page.showIf)) return
  const fields = (await fieldRowsOf(ctx, appId)).map(conditionedOf)
  const problems = pageLayoutProblems(fields, pages)
  if (problems.length > 0) throw validationError(problems)
}

/** Changes share settings; properties left out stay as they are (`reads: true|false` mean `records|off`). */
export async function updateShare(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: UpdateShareInput,
): Promise<Share> {
  const patch = parseInput(updateShareSchema, input)
  const access = await ctx.storage.apps.access(appId, userId)
  if (!access) throw notFound('App')
  const before = await endpointRowOf(ctx, appId)
  const changes = {
    service: patch.service,
    reads: patch.reads === undefined ? undefined : readAccessOf(patch.reads),
    autoCreate: patch.autoCreate,
    honeypot: patch.honeypot,
    rateLimit:
      patch.rateLimit === undefined ? undefined : patch.rateLimit === null ? null : normalizeRateLimit(patch.rateLimit),
    redirectOrigins:
      patch.redirectOrigins === undefined ? undefined : JSON.stringify(distinctOrigins(patch.redirectOrigins)),
    thankYouMessage: patch.thankYouMessage,
    thankYouUrl: patch.thankYouUrl,
    submitAnother: patch.submitAnother,
    summaryMinRespondents: patch.summaryMinRespondents,
    closed: patch.closed,
    closeAfter: patch.closeAfter,
    closesAt: patch.closesAt === undefined ? undefined : patch.closesAt === null ? null : Date.parse(patch.closesAt),
    closedMessage: patch.closedMessage,
    onePerBrowser: patch.onePerBrowser,
    uniqueField: patch.uniqueField,
    keepRecordsDays: patch.keepRecordsDays,
    keepSpamDays: patch.keepSpamDays,
    formLayout: patch.pages === undefined ? undefined : formLayoutText(patch.pages),
    language: patch.language,
    translations:
      patch.translations === undefined
        ? undefined
        : JSON.stringify(shareTranslationsAfter(JSON.parse(before.translations), patch.translations)),
    spamRules:
      patch.spamRules === undefined ? undefined : patch.spamRules === null ? null : JSON.stringify(patch.spamRules),
    dedupeSeconds: patch.dedupeSeconds,
    dedupeJson: patch.dedupeJson,
    challenge: patch.challenge,
    challengeDifficulty: patch.challengeDifficulty,
  }
  if (patch.uniqueField) await checkUniqueType(ctx, appId, patch.uniqueField)
  if (patch.pages) await checkPages(ctx, appId, patch.pages)
  // The log shows the redirect origins as the list they are, not the column's JSON text.
  const origins = (text: string | null | undefined) => (text === undefined || text === null ? text : JSON.parse(text))
  // …and the translations and the spam rules as the objects they are.
  const texts = origins
  // …and closesAt as the time it is, not epoch milliseconds.
  const time = (ms: number | null | undefined) =>
    ms === undefined ? undefined : ms === null ? null : new Date(ms).toISOString()
  // …and the pages as the list they are, under the setting's name.
  const pages = (text: string | null | undefined) => (text === undefined ? undefined : pagesOfLayout(text))
  const changed = changedSettings(
    {
      ...before,
      redirectOrigins: origins(before.redirectOrigins),
      closesAt: time(before.closesAt),
      formLayout: undefined,
      pages: pages(before.formLayout),
      translations: texts(before.translations),
      spamRules: origins(before.spamRules),
    },
    {
      ...changes,
      redirectOrigins: origins(changes.redirectOrigins),
      closesAt: time(changes.closesAt),
      formLayout: undefined,
      pages: pages(changes.formLayout),
      translations: texts(changes.translations),
      spamRules: origins(changes.spamRules),
    },
  )
  if (Object.keys(changed.after).length === 0) {
    auditUnchanged(ctx)
    return toShare(ctx, before)
  }
  checkOpening(access.role, before, changes)
  auditChange(ctx, changed)
  const updated = await ctx.storage.share.update(appId, changes, ctx.clock.now())
  if (updated.ok) return toShare(ctx, updated.row)
  if (updated.reason === 'not_found') throw notFound('App')
  if (updated.reason === 'unique_not_field')
    throw validationError([
      {
        path: 'uniqueField',
        message: `is not a field of this app; name one of its fields, such as email, or null for none`,
      },
    ])
  // A honeypot named like a real field would flag every honest submission as spam.
  throw validationError([
    {
      path: 'honeypot',
      message: `is the name of a field of this app; pick a key real submissions never send, such as _gotcha`,
    },
  ])
}
