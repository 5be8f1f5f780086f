/**
 * @module Reading report pages: an app's pages in order, lookup by id or 1-based number,
 * and the `ReportPage` the API shows (sections name their scale by key).
 */
import type { ReportPage, ReportSection } from '../../contract/api/reports.ts'
import type { AppContext } from '../context.ts'
import type { ReportPageRow } from '../../db/storage/reports.ts'
import { notFound } from '../../contract/errors.ts'
import type { ScaleRecord } from '../scales/store.ts'
import type { SectionType } from '../../contract/reports/schemas.ts'

export type PageRow = ReportPageRow

export interface StoredSection {
  id: string
  type: SectionType
  title: string
  text: string
  /** score (required) and expert (optional) sections; the scale by id so renaming keeps it. */
  scaleId: string | null
}

/** The API view of a page and its sections: the contract's answer shapes (server/contract/api/reports.ts). */
export type { ReportPage, ReportSection }

/** An app's page rows in order (no ownership check). */
export const pageRowsOf = (ctx: AppContext, appId: string): Promise<PageRow[]> => ctx.storage.reports.listForApp(appId)

export const sectionsOf = (row: PageRow): StoredSection[] => JSON.parse(row.sections) as StoredSection[]

/** The page whose id or 1-based number is `ref`; 404 otherwise. */
export function findPage(rows: readonly PageRow[], ref: string): { row: PageRow; index: number } {
  const byId = rows.findIndex((row) => row.id === ref)
  const index = byId >= 0 ? byId : /^[1-9]\d{0,3}$/.test(ref) ? Number(ref) - 1 : -1
  if (index < 0 || index >= rows.length) throw notFound(`Report page ${JSON.stringify(ref)}`)
  return { row: rows[index], index }
}

/** The API view of a page. */
export function toPage(row: PageRow, index: number, scales: readonly ScaleRecord[]): ReportPage {
  return {
    id: row.id,
    number: index + 1,
    title: row.title,
    sections: sectionsOf(row).map((section) => ({
      id: section.id,
      type: section.type,
      title: section.title,
      text: section.text,
      scale: section.scaleId === null ? null : (scales.find((scale) => scale.id === section.scaleId)?.key ?? null),
    })),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}
