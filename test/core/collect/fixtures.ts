/**
 * @module Published apps for tests of the collection endpoints, made through core (so they
 * run on every backend): an app with its settings, defined fields and an owner with an
 * access token; and what was stored, read back through the storage.
 */
import type { AppContext } from '../../../server/core/context.ts'
import { fieldRowsOf } from '../../../server/core/fields/view.ts'
import type { ReadAccess } from '../../../server/contract/share/reads.ts'
import { makeEndpoint as makeOwnedEndpoint, storedRows, type TestField } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

export interface EndpointOptions {
  name?: string
  service?: boolean
  /** Default `off`, as for every new app: tests that read with the endpoint token alone open reads. */
  reads?: ReadAccess
  autoCreate?: boolean
  honeypot?: string
  rateLimit?: string | null
  redirectOrigins?: string[]
  thankYouMessage?: string
  thankYouUrl?: string | null
  submitAnother?: boolean
  published?: boolean
  fields?: TestField[]
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
  const { appId, token, path } = await makeOwnedEndpoint(ctx, user.id, options)
  return { appId, ownerId: user.id, ownerToken, token, path: path() }
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
export async function storedRecords(ctx: AppContext, appId: string): Promise<StoredRecord[]> {
  return (await storedRows(ctx, appId)).map((row) => ({
    id: row.id,
    seq: row.seq,
    pos: row.pos,
    spam: row.spam,
    data: JSON.parse(row.data),
    meta: JSON.parse(row.meta),
    createdAt: row.createdAt,
  }))
}

/** The app's fields as `{name, type, autoCreated, proposed, position}` in position order. */
export async function storedFields(
  ctx: AppContext,
  appId: string,
): Promise<Array<{ name: string; type: string; autoCreated: boolean; proposed: boolean; position: number }>> {
  return (await fieldRowsOf(ctx, appId)).map((row) => ({
    name: row.name,
    type: row.type,
    autoCreated: row.autoCreated,
    proposed: row.proposed,
    position: row.position,
  }))
}

/** The app's fields with the client key that proposed each (null: the owner's), in position order. */
export async function fieldProposers(ctx: AppContext, appId: string): Promise<Array<[string, string | null]>> {
  return (await fieldRowsOf(ctx, appId)).map((row) => [row.name, row.proposedBy])
}
