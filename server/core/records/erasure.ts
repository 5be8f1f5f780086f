/**
 * @module Erasure and subject access across the caller's apps (`records.erase`,
 * `records.find`): the records holding one person's value (contract/records/erasure.ts
 * says which do), read in bounded batches, spam included, then deleted the way a selection
 * is (core/records/delete.ts: files swept, history gone with the row, summaries recounted)
 * or returned as JSON. Apps named must be the caller's to delete (or read) records of;
 * left out, every such app is searched, within an access token's apps.
 */
import type { AppContext } from '../context.ts'
import type { Principal } from '../auth/authenticate.ts'
import type { AppRow } from '../../db/storage/apps.ts'
import type { ErasureReceipt, FoundRecords } from '../../contract/api/erasure.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import {
  ERASURE_LIMITS,
  type EraseRecordsInput,
  type FindRecordsInput,
  eraseRecordsSchema,
  findRecordsSchema,
  holdsValue,
  valueMatcher,
} from '../../contract/records/erasure.ts'
import type { Permission } from '../../contract/access/roles.ts'
import { authorize } from '../access/authorize.ts'
import { decide } from '../access/policy.ts'
import { requireApp } from '../apps/member-app.ts'
import { auditChange } from '../audit/record.ts'
import { recordBatches } from './batches.ts'
import { removeRecords } from './delete.ts'
import type { BatchRow } from '../../db/storage/records.ts'

/** The apps a search covers: those named (each checked), else every app `permission` allows. */
async function searchedApps(
  ctx: AppContext,
  principal: Principal,
  named: readonly string[] | undefined,
  permission: Permission,
): Promise<AppRow[]> {
  if (named) {
    const apps: AppRow[] = []
    for (const id of new Set(named)) {
      // Of several apps, the answer says which one is not found (the caller gave its id).
      await authorize(ctx, principal, permission, id).catch((error: unknown) => {
        throw error instanceof AppError && error.type === 'not_found' ? notFound(`App ${id}`) : error
      })
      apps.push(await requireApp(ctx, principal.user.id, id))
    }
    return apps
  }
  const apps: AppRow[] = []
  let after: { createdAt: number; id: string } | null = null
  for (;;) {
    const rows = await ctx.storage.apps.list(principal.user.id, {
      limit: LIMITS.maxAppsPageSize,
      after,
      only: principal.limits.apps,
    })
    for (const { app, role } of rows) if (decide(permission, role, principal.limits, app.id).ok) apps.push(app)
    const last = rows.at(-1)
    if (!last || rows.length < LIMITS.maxAppsPageSize) return apps
    after = { createdAt: last.app.createdAt, id: last.app.id }
  }
}

/**
 * Hands `take` each of the app's records holding the value, oldest first (spam included),
 * until it answers false (it has no room left); false when it stopped short.
 */
async function eachHolding(
  ctx: AppContext,
  appId: string,
  matches: (candidate: unknown) => boolean,
  take: (row: BatchRow) => boolean,
): Promise<boolean> {
  for await (const batch of recordBatches(ctx, appId, { selection: 'all', order: 'asc', start: { at: 1 } }))
    for (const row of batch)
      if (holdsValue(JSON.parse(row.data) as Record<string, unknown>, matches) && !take(row)) return false
  return true
}

/** Deletes (or, dry, lists) every record of the caller's apps holding the value; answers with a receipt. */
export async function eraseRecords(
  ctx: AppContext,
  principal: Principal,
  input: EraseRecordsInput,
): Promise<ErasureReceipt> {
  const { value, apps: named, dryRun = false } = parseInput(eraseRecordsSchema, input)
  const matches = valueMatcher(value)
  const apps = await searchedApps(ctx, principal, named, 'records:delete')
  const receipt: ErasureReceipt = { dryRun, records: 0, apps: [], complete: true, at: '' }
  for (const app of apps) {
    const ids: string[] = []
    receipt.complete = await eachHolding(ctx, app.id, matches, (row) => {
      if (receipt.records + ids.length >= ERASURE_LIMITS.maxRecords) return false
      ids.push(row.id)
      return true
    })
    let erased = ids.length
    if (!dryRun && ids.length > 0) {
      erased = 0
      for (let at = 0; at < ids.length; at += LIMITS.maxDeleteIds)
        erased += await removeRecords(ctx, app.id, ids.slice(at, at + LIMITS.maxDeleteIds))
    }
    receipt.apps.push({ id: app.id, name: app.name, records: erased, ids })
    receipt.records += erased
    if (!receipt.complete) break
  }
  receipt.at = new Date(ctx.clock.now()).toISOString()
  // The audit log keeps how many and where, never the value itself.
  if (dryRun) auditChange(ctx, { after: { dryRun: true, records: receipt.records } })
  else auditChange(ctx, { after: { records: receipt.records, apps: receipt.apps.map((app) => app.id) } })
  return receipt
}

/** Every record of the caller's apps holding the value, as JSON (subject access). */
export async function findRecords(
  ctx: AppContext,
  principal: Principal,
  input: FindRecordsInput,
): Promise<FoundRecords> {
  const { value, apps: named } = parseInput(findRecordsSchema, input)
  const matches = valueMatcher(value)
  const found: FoundRecords = { records: [], complete: true }
  let bytes = 0
  for (const app of await searchedApps(ctx, principal, named, 'records:read')) {
    found.complete = await eachHolding(ctx, app.id, matches, (row) => {
      bytes += row.data.length + row.meta.length
      if (found.records.length >= ERASURE_LIMITS.maxFound || bytes > ERASURE_LIMITS.maxFoundBytes) return false
      found.records.push({
        app: { id: app.id, name: app.name },
        id: row.id,
        createdAt: new Date(row.createdAt).toISOString(),
        spam: row.spam,
        data: JSON.parse(row.data) as Record<string, unknown>,
        meta: JSON.parse(row.meta) as Record<string, unknown>,
      })
      return true
    })
    if (!found.complete) break
  }
  return found
}
