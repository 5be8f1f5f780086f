/**
 * @module What the help pages say about one endpoint, read live: its URL, fields with types
 * and how many records hold each, counters, switches and the limits this server enforces.
 */
import type { AppContext } from '../../context.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { AppError } from '../errors.ts'
import { endpointUrl } from '../apps/urls.ts'
import { fieldRowsOf } from '../fields/view.ts'
import type { FieldType } from '../limits.ts'
import type { EndpointRow } from '../share/lookup.ts'
import { endpointRateLimit, formatRateLimit } from '../share/rate-limit.ts'
import type { ReadAccess } from '../share/reads.ts'
import { recordCounts } from '../records/counts.ts'
import { fieldValueCounts } from './field-counts.ts'

export interface HelpField {
  name: string
  type: FieldType
  label: string
  required: boolean
  options: string[] | null
  autoCreated: boolean
  /** Non-spam records holding a value for this field. */
  count: number
}

export interface HelpInput {
  url: string
  appName: string
  fields: HelpField[]
  kept: number
  spam: number
  service: boolean
  reads: ReadAccess
  autoCreate: boolean
  honeypot: string
  /** `20/s,100` or `off`. */
  rateLimit: string
  maxBodyBytes: number
  maxDepth: number
  maxKeys: number
}

/** The live facts about `endpoint`, reached through `token`. */
export async function helpInput(ctx: AppContext, endpoint: EndpointRow, token: string): Promise<HelpInput> {
  // The endpoint names its owner, so this is the app row, read as the owner would.
  const app = await requireOwnedApp(ctx, endpoint.ownerId, endpoint.appId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null
    throw error
  })
  const counts = await recordCounts(ctx, endpoint.appId)
  const valueCounts = await fieldValueCounts(ctx, endpoint.appId)
  return {
    url: endpointUrl(ctx.config.baseUrl, token),
    appName: app?.name ?? '',
    // Proposed fields (made by strangers' posts, waiting for the owner) are on no public page.
    fields: (await fieldRowsOf(ctx, endpoint.appId)).filter((row) => !row.proposed).map((row) => ({
      name: row.name,
      type: row.type as FieldType,
      label: row.label,
      required: row.required,
      options: row.options === null ? null : (JSON.parse(row.options) as string[]),
      autoCreated: row.autoCreated,
      count: valueCounts.get(row.name) ?? 0,
    })),
    ...counts,
    service: endpoint.service,
    reads: endpoint.reads,
    autoCreate: endpoint.autoCreate,
    honeypot: endpoint.honeypot,
    rateLimit: formatRateLimit(endpointRateLimit(ctx.config, endpoint.rateLimit)),
    maxBodyBytes: ctx.config.maxBodyBytes,
    maxDepth: ctx.config.maxDepth,
    maxKeys: ctx.config.maxKeys,
  }
}
