/**
 * @module The storage of scoring dimensions (scales): the interface core calls
 * (implemented in sqlite/scales.ts and postgres/scales.ts) and its plain row types.
 * Every write announces 'app' for the scale's app: scales decide how the writer scores
 * records and what report pages show.
 */

/** A stored scale; `items` and `levels` are JSON text (core/scales/model.ts has their shape). */
export interface ScaleRow {
  id: string
  appId: string
  /** Unique per app. */
  key: string
  name: string
  description: string
  /** `sum` or `mean`. */
  method: string
  items: string
  levels: string
  /** 0, 1, 2… in the app's list. */
  position: number
  createdAt: number
  updatedAt: number
}

/** A scale to add: everything but its place, which the store gives it (last). */
export type NewScale = Omit<ScaleRow, 'position' | 'updatedAt'>

/** What an update changes; properties left out stay. */
export interface ScalePatch {
  key?: string
  name?: string
  description?: string
  method?: string
  items?: string
  levels?: string
  updatedAt: number
  /** Level keys whose expert comments go, in the same transaction (the levels were removed). */
  dropComments?: string[]
}

export type ScaleWrite =
  | { ok: true; row: ScaleRow }
  /** No such app (create) or no such scale of the app (update). */
  | { ok: false; reason: 'not_found' }
  /** Another scale of the app has the key. */
  | { ok: false; reason: 'key_taken' }

export interface ScaleStore {
  /** The scales of an app in position order. */
  listForApp(appId: string): Promise<ScaleRow[]>
  /** The scale of `appId` whose id, or else whose key, is `ref`; null when none. */
  find(appId: string, ref: string): Promise<ScaleRow | null>
  /**
   * Adds a scale last in its app's list. `admit` (core's rule, given how many scales the
   * app has while its scale list is held) may throw core's error; `key_taken` when another
   * scale has its key.
   */
  create(scale: NewScale, admit: (scales: number) => void): Promise<ScaleWrite>
  /**
   * Changes scale `id` of `appId` while holding it: `change` (pure, no storage calls) gets
   * the row as it is now and returns the patch. Whatever `change` throws is thrown and
   * nothing is written. Never answers `limit`.
   */
  update(appId: string, id: string, change: (current: ScaleRow) => ScalePatch): Promise<ScaleWrite>
  /** Removes a scale and its expert comments, and renumbers the app's other scales densely; false when there was none. */
  remove(appId: string, id: string): Promise<boolean>
}
