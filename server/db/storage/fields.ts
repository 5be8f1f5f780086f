/**
 * @module The storage of an app's fields: the interface core calls (implemented in
 * sqlite/fields.ts and postgres/fields.ts) and its plain row types.
 *
 * Every change runs under the app's write lock (SQLite: the IMMEDIATE transaction;
 * PostgreSQL: the app's counters row, `app_stats … FOR UPDATE`, the lock the record writer
 * takes before it auto-creates fields), so the field limit and dense positions (0…n-1) hold
 * with several processes. Each change announces `fields`.
 */

/** A field as stored. The record writer inserts auto-created fields of exactly this shape. */
export interface FieldRow {
  id: string
  appId: string
  name: string
  /** A FieldType (contract/fields/types/index.ts). */
  type: string
  label: string
  required: boolean
  /** JSON text: an array of option strings for choice types; else null. */
  options: string | null
  /**
   * JSON text: the type's own settings as an object, or null for none. A file field's
   * `{maxFiles, maxSize, accept}` (contract/files/model.ts); later types keep theirs here too.
   */
  settings: string | null
  /** JSON text: how the field is asked (contract/fields/form.ts: help, placeholder, rules, hidden, prefill), or null for none. */
  form: string | null
  position: number
  autoCreated: boolean
  /** True while a field made by an anonymous submission waits for the owner to accept it. */
  proposed: boolean
  /** The client key (core/client-key.ts) whose submission made the field; null for the owner's. Kept after acceptance. */
  proposedBy: string | null
  createdAt: number
  updatedAt: number
}

/** A field the owner adds (accepted); it goes at the end of the list. */
export type NewField = Omit<FieldRow, 'position' | 'proposed' | 'proposedBy'>

/** What accepting one proposed field sets. */
export interface FieldAcceptance {
  id: string
  type: string
}

/** What a change of one field sees under the lock. */
export interface FieldState {
  current: FieldRow
  /** All of the app's fields (`current` included), in position order. */
  fields: FieldRow[]
  /** Whether the app's endpoint is published. */
  published: boolean
  /** The endpoint's honeypot key. */
  honeypot: string
}

/** The stored columns a change sets, and optionally a new position (the others shift). */
export interface FieldChange {
  name: string
  type: string
  label: string
  required: boolean
  options: string | null
  settings: string | null
  form: string | null
  autoCreated: boolean
  updatedAt: number
  position?: number
}

export type FieldMissing = { ok: false; reason: 'no_app' | 'no_field' }

/** What a new field is decided on: the app's fields (position order) and its endpoint's honeypot key. */
export interface AppFields {
  fields: FieldRow[]
  honeypot: string
}

export interface FieldStore {
  /** The app's fields in position order (ties: by id). */
  list(appId: string): Promise<FieldRow[]>
  /** The field whose id, else whose name, is `ref`. */
  find(appId: string, ref: string): Promise<FieldRow | null>
  /**
   * Adds at the end the field `decide` (core's pure rules, given the app's fields and its
   * endpoint's honeypot key under the lock) returns; `decide` may throw core's error (the
   * transaction then rolls back). `no_app` when the app is gone; `name_taken` when the
   * name's unique index refuses it.
   */
  add(
    appId: string,
    decide: (state: AppFields) => NewField,
  ): Promise<{ ok: true; row: FieldRow } | { ok: false; reason: 'no_app' | 'name_taken' }>
  /**
   * Changes the field `ref` as `decide` (core's pure rules, given what is stored under the
   * lock) says. `decide` may throw core's error; the transaction then rolls back and the
   * error reaches the caller. `name_taken` when the new name is another field's.
   */
  update(
    appId: string,
    ref: string,
    decide: (state: FieldState) => FieldChange,
  ): Promise<{ ok: true; row: FieldRow } | FieldMissing | { ok: false; reason: 'name_taken' }>
  /**
   * Accepts proposed fields: `decide` (core's pure rules, given the stored fields under the
   * lock; it may throw core's error, the field limit's among them) names them and their
   * settled types.
   */
  accept(
    appId: string,
    decide: (fields: FieldRow[]) => FieldAcceptance[],
    updatedAt: number,
  ): Promise<{ ok: true; rows: FieldRow[] } | { ok: false; reason: 'no_app' }>
  /** Removes the field `ref` and closes the gap in positions; the removed row. */
  remove(appId: string, ref: string): Promise<{ ok: true; row: FieldRow } | FieldMissing>
  /**
   * Puts the fields in the order of the ids `decide` returns for the stored fields (it may
   * throw core's error, as for `update`); the fields in their new order.
   */
  reorder(
    appId: string,
    decide: (fields: FieldRow[]) => string[],
  ): Promise<{ ok: true; fields: FieldRow[] } | { ok: false; reason: 'no_app' }>
}
