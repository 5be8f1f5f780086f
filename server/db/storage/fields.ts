/**
 * @module The storage of an app's fields: the interface core calls
 * (implemented in sqlite/fields.ts and postgres/fields.ts) and its plain row types.
 */

export interface FieldStore {}
