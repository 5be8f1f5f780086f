/**
 * @module Dense positions (0, 1, 2…) of an app's ordered rows, the same on both backends:
 * where a row lands when it is added at or moved to a place.
 */

/** `list` with the item at `from` moved to `to` (clamped: past the end is last). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(Math.min(Math.max(to, 0), copy.length), 0, item)
  return copy
}

/** The rows of `order` whose position is not their index, with the position they must get. */
export function renumbered<T extends { id: string; position: number }>(
  order: readonly T[],
): Array<{ id: string; position: number }> {
  return order.flatMap((row, position) => (row.position === position ? [] : [{ id: row.id, position }]))
}
