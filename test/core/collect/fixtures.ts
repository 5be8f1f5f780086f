/**
 * @module Published apps made through the storage, for tests of the collection endpoints:
 * an app row, its endpoint (token hash, published) and its counters row.
 */
import type { AppContext } from '../../../server/context.ts'
import { hashSecret, newId, randomToken } from '../../../server/core/ids.ts'
import type { FieldType } from '../../../server/core/limits.ts'
import type { ReadAccess } from '../../../server/core/share/reads.ts'
import { fields, records } from '../../../server/db/sqlite/schema.ts'
import { makeUser } from '../../support/users.ts'
import { asc, eq } from 'drizzle-orm'

export interface EndpointOptions {
  service?: boolean
  /** Default `off`, as for every new app: tests that read with the endpoint token alone open reads. */
  reads?: ReadAccess
  autoCreate?: boolean
  honeypot?: string
  rateLimit?: string | null
  redirectOrigins?: string[]
  published?: boolean
  fields?: Array<{ name: string; type?: FieldType; required?: boolean; options?: string[]; autoCreated?: boolean }>
}

export interface TestEndpoint {
  appId: string
  ownerId: string
  ownerToken: string
  token: string
  /** `/api/v3/share/<token>` */
  path: string
}

/** A published app with the given settings and defined fields. */
export async function makeEndpoint(ctx: AppContext, options: EndpointOptions = {}): Promise<TestEndpoint> {
  const { user, token: ownerToken } = await makeUser(ctx)
  const appId = newId()
  const token = randomToken()
  const now = ctx.clock.now()
  await ctx.storage.apps.create({
    app: { id: appId, ownerId: user.id, name: 'Test form', description: '', createdAt: now, updatedAt: now },
    endpoint: {
      tokenHash: hashSecret(token),
      tokenCipher: ctx.sealer.seal(token),
      published: options.published ?? true,
      service: options.service ?? true,
      reads: options.reads ?? 'off',
      autoCreate: options.autoCreate ?? true,
      honeypot: options.honeypot ?? '_gotcha',
      rateLimit: options.rateLimit ?? null,
      redirectOrigins: JSON.stringify(options.redirectOrigins ?? []),
      publishedAt: now,
    },
  })
  for (const field of options.fields ?? []) {
    const added = await ctx.storage.fields.add(
      {
        id: newId(),
        appId,
        name: field.name,
        type: field.type ?? 'text',
        label: '',
        required: field.required ?? false,
        options: field.options ? JSON.stringify(field.options) : null,
        autoCreated: field.autoCreated ?? false,
        createdAt: now,
        updatedAt: now,
      },
      Number.MAX_SAFE_INTEGER,
    )
    if (!added.ok) throw new Error(`test field ${field.name} refused: ${added.reason}`)
  }
  return { appId, ownerId: user.id, ownerToken, token, path: `/api/v3/share/${token}` }
}

export interface StoredRecord {
  id: string
  seq: number
  pos: number | null
  spam: boolean
  data: unknown
  meta: unknown
  createdAt: number
}

/** The app's stored records in seq order, with data and meta parsed. */
export function storedRecords(ctx: AppContext, appId: string): StoredRecord[] {
  return ctx.store.db
    .select()
    .from(records)
    .where(eq(records.appId, appId))
    .orderBy(asc(records.seq))
    .all()
    .map((row) => ({ id: row.id, seq: row.seq, pos: row.pos, spam: row.spam, data: JSON.parse(row.data), meta: JSON.parse(row.meta), createdAt: row.createdAt }))
}

/** The app's fields as `{name, type, autoCreated}` in position order. */
export function storedFields(ctx: AppContext, appId: string): Array<{ name: string; type: string; autoCreated: boolean; position: number }> {
  return ctx.store.db
    .select({ name: fields.name, type: fields.type, autoCreated: fields.autoCreated, position: fields.position })
    .from(fields)
    .where(eq(fields.appId, appId))
    .orderBy(asc(fields.position))
    .all()
}
