/**
 * @module What the help pages say about one endpoint, read live: its URL, fields with types
 * and how many records hold each, counters, switches and the limits this server enforces.
 * Counts are shown only to readers who could read them anyway: the owner's access token,
 * or anyone while reads are open. With reads off a stranger holding the token learns the
 * fields and formats, not how many records there are.
 */
import { pagesOfLayout } from '../contract/share/pages.ts'
import type { AppContext } from '../core/context.ts'
import { requireApp } from '../core/apps/member-app.ts'
import { AppError } from '../contract/errors.ts'
import { endpointUrl } from '../core/apps/urls.ts'
import { fieldRowsOf } from '../core/fields/view.ts'
import type { EndpointRow } from '../core/share/lookup.ts'
import { endpointRateLimit, formatRateLimit } from '../contract/share/rate-limit.ts'
import type { ReadAccess } from '../contract/share/reads.ts'
import type { FieldType } from '../contract/fields/types/index.ts'
import type { HelpField, HelpInput } from '../contract/help/input.ts'
import { recordCounts } from '../core/records/counts.ts'
import { fieldValueCounts } from './field-counts.ts'
import { storedFileOptions } from '../core/fields/file-settings.ts'
import { storedTypeSettings } from '../core/fields/type-settings.ts'
import { storedForm } from '../core/fields/form-settings.ts'
import { closedNow } from '../core/share/closed.ts'
import { spamRulesOf } from '../contract/share/spam-rules.ts'

export type { HelpField, HelpInput }

/** True when the help shows record and field counts: to the owner, and to anyone once reads are open (they are in /summary then). */
export const helpShowsCounts = (reads: ReadAccess, owner: boolean): boolean => owner || reads !== 'off'

/** The live facts about `endpoint`, reached through `token`; `owner` when the request carries the owner's access token. */
export async function helpInput(
  ctx: AppContext,
  endpoint: EndpointRow,
  token: string,
  owner = false,
): Promise<HelpInput> {
  // The endpoint names its owner, so this is the app row, read as the owner would.
  const app = await requireApp(ctx, endpoint.ownerId, endpoint.appId).catch((error: unknown) => {
    if (error instanceof AppError && error.type === 'not_found') return null
    throw error
  })
  const showCounts = helpShowsCounts(endpoint.reads, owner)
  const counts = showCounts ? await recordCounts(ctx, endpoint.appId) : { kept: null, spam: null }
  const valueCounts = showCounts ? await fieldValueCounts(ctx, endpoint.appId) : null
  return {
    url: endpointUrl(ctx.config.baseUrl, token),
    appName: app?.name ?? '',
    // Proposed fields (made by strangers' posts, waiting for the owner) are on no public page.
    fields: (await fieldRowsOf(ctx, endpoint.appId))
      .filter((row) => !row.proposed)
      .map((row) => ({
        name: row.name,
        type: row.type as FieldType,
        label: row.label,
        required: row.required,
        options: row.options === null ? null : (JSON.parse(row.options) as string[]),
        autoCreated: row.autoCreated,
        ...(row.type === 'file' ? storedFileOptions(row.settings) : {}),
        ...storedTypeSettings(row.type as FieldType, row.settings),
        ...storedForm(row.form),
        count: valueCounts === null ? null : (valueCounts.get(row.name) ?? 0),
      })),
    ...counts,
    service: endpoint.service,
    reads: endpoint.reads,
    minRespondents: endpoint.summaryMinRespondents,
    autoCreate: endpoint.autoCreate,
    honeypot: endpoint.honeypot,
    rateLimit: formatRateLimit(endpointRateLimit(ctx.config, endpoint.rateLimit)),
    maxBodyBytes: ctx.config.maxBodyBytes,
    maxDepth: ctx.config.maxDepth,
    maxKeys: ctx.config.maxKeys,
    pages: pagesOfLayout(endpoint.formLayout),
    limits: {
      closedNow: await closedNow(ctx, endpoint.appId, endpoint),
      closeAfter: endpoint.closeAfter,
      closesAt: endpoint.closesAt === null ? null : new Date(endpoint.closesAt).toISOString(),
      onePerBrowser: endpoint.onePerBrowser,
      uniqueField: endpoint.uniqueField,
      spamRules: spamRulesOf(endpoint.spamRules),
      dedupeSeconds: endpoint.dedupeSeconds,
      dedupeJson: endpoint.dedupeJson,
      challenge: endpoint.challenge,
    },
  }
}
