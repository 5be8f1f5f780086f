/**
 * @module The storage of endpoints: share settings, publishing, token lookup: the interface core calls
 * (implemented in sqlite/share.ts and postgres/share.ts) and its plain row types.
 */

export interface ShareStore {}
