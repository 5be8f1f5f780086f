/**
 * @module The storage of report pages: the interface core calls
 * (implemented in sqlite/reports.ts and postgres/reports.ts) and its plain row types.
 */

export interface ReportStore {}
