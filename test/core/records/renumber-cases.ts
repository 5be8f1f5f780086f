/**
 * @module The deletion cases of the renumbering tests (test/core/records/delete.test.ts on
 * every backend, test/db/sqlite/renumber.test.ts for SQLite's in-place way): 20 records,
 * every 4th spam, and which of them (by n) to delete.
 */

/** What the numbering must be after deleting `gone`: [seq, pos, n] by seq. */
export function expected(gone: number[]): Array<[number, number | null, unknown]> {
  let pos = 0
  return Array.from({ length: 20 }, (_, i) => i + 1)
    .filter((n) => !gone.includes(n))
    .map((n, i): [number, number | null, unknown] => [i + 1, n % 4 === 0 ? null : ++pos, n])
}

export const cases: number[][] = [
  [1],
  [20],
  [4],
  [1, 2, 3],
  [2, 4, 6, 19, 20],
  [8, 12, 16],
  Array.from({ length: 20 }, (_, i) => i + 1),
]
