/**
 * @module Which keys of a record the summary aggregates count, as a predicate (counted.ts
 * says which keys those are and why): pure, so the aggregates import it without the context.
 */

/** Whether the aggregates count the values of `key`. */
export type KeyFilter = (key: string) => boolean

/** Counts every key (records whose keys all have a field or a catalogue entry). */
export const everyKey: KeyFilter = () => true

/** The filter of a commit: every key but those the catalogue turned away. */
export const exceptKeys = (uncounted: readonly string[]): KeyFilter => {
  if (uncounted.length === 0) return everyKey
  const skip = new Set(uncounted)
  return (key) => !skip.has(key)
}
