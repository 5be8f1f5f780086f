/**
 * @module What a client can see was stored for an endpoint, through the three ways of
 * reading it back: /query (the records' data), /summary (total and field names) and the
 * owner's CSV export (header and rows, BOM dropped). Edge-case tests compare all three.
 */
import type { TestApp } from './http.ts'
import type { BodyOf } from './call.ts'

export interface ViewedEndpoint {
  appId: string
  ownerToken: string
  path: string
}

export interface StoredView {
  /** `data` of every record, oldest first, as /query answers it. */
  data: unknown[]
  /** /summary's total and the names of its fields. */
  summary: { total: number; fields: string[] }
  /** The CSV export's lines (BOM dropped), header first, without the `id,createdAt` cells that differ per run. */
  csv: string[]
}

/** Reads `endpoint` back through /query, /summary and the CSV export with the owner's token. */
export async function storedView(t: Pick<TestApp, 'request' | 'call'>, endpoint: ViewedEndpoint): Promise<StoredView> {
  const token = endpoint.ownerToken
  const query = await t.request<BodyOf<'reads.query'>>('GET', `${endpoint.path}/query?size=1000`, { token })
  const summary = await t.request<BodyOf<'reads.summary'>>('GET', `${endpoint.path}/summary`, { token })
  const csv = await t.call('records.exportCsv', { params: { id: endpoint.appId } }, { token })
  if (query.status !== 200 || summary.status !== 200 || csv.status !== 200) {
    throw new Error(
      `reading back failed: ${query.status} ${query.text} / ${summary.status} ${summary.text} / ${csv.status}`,
    )
  }
  return {
    data: query.body.records.map((record: { data: unknown }) => record.data),
    summary: { total: summary.body.total, fields: Object.keys(summary.body.fields) },
    csv: csv.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(',').slice(2).join(',')),
  }
}
