/**
 * @module The storage of records: the group commit, pages, owner reads, deletion, exports: the interface core calls
 * (implemented in sqlite/records.ts and postgres/records.ts) and its plain row types.
 */

export interface RecordStore {}
