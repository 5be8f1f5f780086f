/**
 * @module Which keys of a record the summary aggregates count, as a predicate (counted.ts
 * says which keys those are and why): pure, so the aggregates import it without the context.
 */

/** Whether the aggregates count the values of `key`. */
export type KeyFilter = (key: string) => boolean

/**
 * The filters of an app's two aggregates: non-spam records count the keys the app knows,
 * spam records (which make no field and no catalogue entry) its fields only.
 */
export interface CountedKeys {
  kept: KeyFilter
  spam: KeyFilter
}

/** Counts every key (records whose keys all have a field or a catalogue entry). */
export const everyKey: KeyFilter = () => true

/** The filter of a commit: every key but those the catalogue turned away. */
export const exceptKeys = (uncounted: readonly string[]): KeyFilter => {
  if (uncounted.length === 0) return everyKey
  const skip = new Set(uncounted)
  return (key) => !skip.has(key)
}
