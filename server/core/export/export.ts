/**
 * @module The owner's export operation: ownership, the `spam` choice, a filter, and the stream with
 * its content type and download name.
 */
import type { AppContext } from '../context.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { appFilter } from '../records/owner.ts'
import { parsePageQuery } from '../records/schemas.ts'
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

/** All records of one of `userId`'s apps as a download; `query.spam` picks which, `query.filter` narrows them. */
export async function exportRecords(
  ctx: AppContext,
  userId: string,
  appId: string,
  query: { spam?: unknown; filter?: unknown },
  format: ExportFormat,
): Promise<ExportDownload> {
  const app = await requireOwnedApp(ctx, userId, appId)
  const { spam, filter } = parsePageQuery({ spam: query.spam, filter: query.filter }, { owner: true })
  return {
    stream: await exportStream(
      ctx,
      appId,
      spam,
      format,
      filter === undefined ? undefined : await appFilter(ctx, appId, filter),
    ),
    contentType: CONTENT_TYPES[format],
    contentDisposition: attachmentHeader(app.name, format),
  }
}
