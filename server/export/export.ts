/**
 * @module The owner's export operation: ownership, the `spam` choice, a filter, the raw
 * choice of a CSV export (the owner's explicit wish for cells exactly as stored), and the
 * stream with its content type and download name.
 */
import type { AppContext } from '../core/context.ts'
import { AppError, quoteValue } from '../contract/errors.ts'
import { RAW_VALUES } from '../contract/records/schemas.ts'
import { requireApp } from '../core/apps/member-app.ts'
import { appFilter } from '../core/records/owner.ts'
import { parsePageQuery } from '../core/records/schemas.ts'
import { attachmentHeader } from './filename.ts'
import { exportStream, type ExportFormat } from './stream.ts'

export interface ExportDownload {
  stream: ReadableStream<Uint8Array>
  contentType: string
  contentDisposition: string
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
}

/** `?raw=` as a switch: 1/true on, 0/false or none off; anything else is a 400 saying so. */
function rawChoice(value: unknown): boolean {
  if (value === undefined) return false
  if (typeof value === 'string' && (RAW_VALUES as readonly string[]).includes(value))
    return value === '1' || value === 'true'
  throw new AppError(
    'bad_request',
    `raw must be 1 (cells exactly as stored) or 0 (formulas neutralised, the default), got ${typeof value === 'string' ? quoteValue(value) : 'several values'}`,
  )
}

/**
 * All records of one of `userId`'s apps as a download; `query.spam` picks which,
 * `query.filter` narrows them, and `query.raw` (CSV) leaves text cells as stored.
 */
export async function exportRecords(
  ctx: AppContext,
  userId: string,
  appId: string,
  query: { spam?: unknown; filter?: unknown; raw?: unknown },
  format: ExportFormat,
): Promise<ExportDownload> {
  const app = await requireApp(ctx, userId, appId)
  const { spam, filter } = parsePageQuery({ spam: query.spam, filter: query.filter }, { owner: true })
  const raw = format === 'csv' && rawChoice(query.raw)
  return {
    stream: await exportStream(
      ctx,
      appId,
      spam,
      format,
      filter === undefined ? undefined : await appFilter(ctx, appId, filter),
      raw,
    ),
    contentType: CONTENT_TYPES[format],
    contentDisposition: attachmentHeader(app.name, format),
  }
}
