/**
 * @module Respondent report keys. Each record that gets a report has its own random key
 * (≥ 128 bits); only its SHA-256 is stored (records.report_key_hash), and a report is
 * shown only for the right key. A wrong key and an unknown record are the same 404.
 */
import type { AppContext } from '../context.ts'
import { notFound } from '../../contract/errors.ts'
import { hashSecret, randomToken, safeEqual } from '../ids.ts'
import { ASSESSMENT } from '../../contract/limits.ts'

/** A fresh key and the hash to store; for writers that set the hash in the same insert. */
export function newReportKey(): { key: string; hash: string } {
  const key = randomToken(ASSESSMENT.reportKeyBytes)
  return { key, hash: hashSecret(key) }
}

/** Gives a stored record a new report key (replacing any earlier one) and returns the key. */
export async function issueReportKey(ctx: AppContext, recordId: string): Promise<string> {
  const { key, hash } = newReportKey()
  await ctx.storage.records.setReportKey(recordId, hash)
  return key
}

/** The respondent's report URL. */
export const reportUrl = (baseUrl: string, recordId: string, key: string): string =>
  `${baseUrl}/r/${encodeURIComponent(recordId)}?k=${encodeURIComponent(key)}`

export interface ReportRecord {
  id: string
  appId: string
  appName: string
  data: Record<string, unknown>
  scores: string | null
  createdAt: number
}

/**
 * The record `recordId` when `key` is its report key; 404 "Report not found" otherwise.
 * Records flagged as spam get their report too, so a bot cannot tell it was caught.
 */
export async function recordForReport(
  ctx: AppContext,
  recordId: string,
  key: string | null | undefined,
): Promise<ReportRecord> {
  const row = await ctx.storage.records.forReport(recordId)
  // Hash the presented key even when the record is missing, so timing says nothing either way.
  const presented = hashSecret(key ?? '')
  if (!row?.reportKeyHash || !key || !safeEqual(presented, row.reportKeyHash)) throw notFound('Report')
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    data: JSON.parse(row.data) as Record<string, unknown>,
    scores: row.scores,
    createdAt: row.createdAt,
  }
}
