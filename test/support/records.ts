/**
 * @module Test fixtures for the collection endpoints, made through core and the storage
 * (so they run on every backend): an app with its endpoint, share settings and fields, and
 * records committed as the writer commits them (numbered by the store, counters moved on)
 * without the ingest checks, so record tests do not depend on the ingest path.
 */
import { runLogScan } from './log-scan.ts'
import type { AppContext } from '../../server/core/context.ts'
import { createApp } from '../../server/core/apps/apps.ts'
import { addField } from '../../server/core/fields/fields.ts'
import { newId } from '../../server/core/ids.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import type { FieldType } from '../../server/contract/fields/types/index.ts'
import type { ShowIf } from '../../server/contract/fields/show-if.ts'
import { publish, unpublish } from '../../server/core/share/publish.ts'
import type { ReadAccess } from '../../server/contract/share/reads.ts'
import { updateShare } from '../../server/core/share/settings.ts'
import type { UpdateShareInput } from '../../server/contract/share/schemas.ts'
import type { StatsRow } from '../../server/db/storage/stats.ts'
import { target } from './call.ts'

/** A field a test app starts with. */
export interface TestField {
  name: string
  type?: FieldType
  required?: boolean
  options?: string[]
  label?: string
  /** A rating's highest point. */
  max?: number
  /** Asked only when earlier answers meet this. */
  showIf?: ShowIf
  /** The page of the form it starts. */
  page?: number
}

export interface TestEndpointOptions {
  name?: string
  published?: boolean
  service?: boolean
  /** Default `off`, as for every new app: tests that read with the endpoint token alone open reads. */
  reads?: ReadAccess
  autoCreate?: boolean
  honeypot?: string
  /** null: use the server default. */
  rateLimit?: string | null
  redirectOrigins?: string[]
  thankYouMessage?: string
  thankYouUrl?: string | null
  submitAnother?: boolean
  fields?: TestField[]
}

export interface TestEndpoint {
  appId: string
  token: string
  /** The endpoint's path (the share ingest, `ingest.post`) plus `suffix`. */
  path(suffix?: string): string
}

/** An app owned by `ownerId` with a published endpoint (unless told otherwise: then it has a token but is closed). */
export async function makeEndpoint(
  ctx: AppContext,
  ownerId: string,
  options: TestEndpointOptions = {},
): Promise<TestEndpoint> {
  const { id: appId } = await createApp(ctx, ownerId, { name: options.name ?? 'Test form' })
  for (const field of options.fields ?? []) {
    await addField(ctx, ownerId, appId, {
      name: field.name,
      type: field.type ?? 'text',
      label: field.label,
      required: field.required,
      options: field.options,
      max: field.max,
      showIf: field.showIf,
      page: field.page,
    })
  }
  const settings: UpdateShareInput = {}
  for (const key of [
    'service',
    'reads',
    'autoCreate',
    'honeypot',
    'rateLimit',
    'redirectOrigins',
    'thankYouMessage',
    'thankYouUrl',
    'submitAnother',
  ] as const) {
    if (options[key] !== undefined) Object.assign(settings, { [key]: options[key] })
  }
  if (Object.keys(settings).length > 0) await updateShare(ctx, ownerId, appId, settings)
  const { token } = await publish(ctx, ownerId, appId)
  runLogScan.secret(token!)
  if (options.published === false) await unpublish(ctx, ownerId, appId)
  return {
    appId,
    token: token!,
    path: (suffix = '') => `${target('ingest.post', { params: { token: token! } }).path}${suffix}`,
  }
}

export interface TestRecordInput {
  data: Record<string, unknown>
  meta?: { source?: string; timestamp?: string | number }
  spam?: boolean
  /** Scores per scale as stored (default none). */
  scores?: unknown
}

/**
 * Commits records in order, one per job as separate submissions would be (createdAt = the
 * clock, moved 1 ms per record, when it can be moved); returns their ids. No fields are
 * made and the summary aggregates catch up on them when next read.
 */
export async function insertRecords(ctx: AppContext, appId: string, inputs: TestRecordInput[]): Promise<string[]> {
  const ids: string[] = []
  const jobs = inputs.map((input) => {
    const id = newId()
    ids.push(id)
    const job = {
      appId,
      records: [
        {
          id,
          spam: input.spam ?? false,
          data: JSON.stringify(input.data),
          meta: JSON.stringify(input.meta ?? {}),
          scores: input.scores === undefined || input.scores === null ? null : JSON.stringify(input.scores),
        },
      ],
      newFields: [],
      createdAt: ctx.clock.now(),
    }
    ;(ctx.clock as { advance?: (ms: number) => void }).advance?.(1)
    return job
  })
  const { results, durable } = await ctx.storage.records.commitGroup(jobs, LIMITS.maxFields)
  const refused = results.find((result) => !result.ok)
  if (refused) throw new Error(`insertRecords: a record was refused (${JSON.stringify(refused)})`)
  const problem = await durable
  if (problem) throw new Error(`insertRecords: not durable (${problem})`)
  return ids
}

/** `{data:{n:i}}` for i in 1..count, spam where `isSpam(i)`. */
export function numberedRecords(count: number, isSpam: (i: number) => boolean = () => false): TestRecordInput[] {
  return Array.from({ length: count }, (_, k) => ({ data: { n: k + 1 }, spam: isSpam(k + 1) }))
}

/** Every stored record of an app, by seq, as the storage returns it. */
export async function storedRows(ctx: AppContext, appId: string): Promise<StatsRow[]> {
  const rows: StatsRow[] = []
  for (;;) {
    const batch = await ctx.storage.records.after(appId, rows.at(-1)?.seq ?? 0, 1000)
    rows.push(...batch)
    if (batch.length < 1000) return rows
  }
}

/** Every row of an app as `[seq, pos, n]`, by seq: what tests compare after renumbering. */
export async function numbering(ctx: AppContext, appId: string): Promise<Array<[number, number | null, unknown]>> {
  return (await storedRows(ctx, appId)).map((row) => [row.seq, row.pos, (JSON.parse(row.data) as { n?: unknown }).n])
}

/** The app's counters as stored (seq, kept, spam, generation). */
export async function storedCounters(ctx: AppContext, appId: string) {
  return (await ctx.storage.stats.counters(appId))!
}
