/**
 * @module The storage of report pages: the interface core calls (implemented in
 * sqlite/reports.ts and postgres/reports.ts) and its plain row types. Positions stay dense
 * (0, 1, 2…) through every add, move and removal. Every write announces 'app' for the app.
 */

/** A stored page; `sections` is JSON text (core/reports/store.ts has its shape). */
export interface ReportPageRow {
  id: string
  appId: string
  title: string
  sections: string
  /** 0, 1, 2… among the app's pages. */
  position: number
  createdAt: number
  updatedAt: number
}

/** A page to add: everything but its place (`add` takes it apart) and `updatedAt` (= `createdAt`). */
export type NewReportPage = Omit<ReportPageRow, 'position' | 'updatedAt'>

/** What an update changes; properties left out stay. */
export interface ReportPagePatch {
  title?: string
  sections?: string
  /** The page's new 0-based place (past the end: last); the pages in between shift by one. */
  position?: number
  updatedAt: number
}

export type ReportPageAdd = { ok: true } | { ok: false; reason: 'not_found' }

export interface ReportStore {
  /** An app's pages in position order. */
  listForApp(appId: string): Promise<ReportPageRow[]>
  /**
   * Adds a page at 0-based `position` (null or past the end: last), shifting the pages after
   * it, unless the app already has `limit` pages (counted while its pages are held).
   * `not_found` when the app is gone.
   */
  add(page: NewReportPage, position: number | null, admit: (pages: number) => void): Promise<ReportPageAdd>
  /**
   * Changes page `id` of `appId` while holding the app's pages: `change` (pure) gets the row
   * as it is now and returns the patch. Whatever `change` throws is thrown and nothing is
   * written. The changed row, or null when there is no such page.
   */
  update(appId: string, id: string, change: (current: ReportPageRow) => ReportPagePatch): Promise<ReportPageRow | null>
  /** Removes a page and renumbers the others densely; false when there was none. */
  remove(appId: string, id: string): Promise<boolean>
}
