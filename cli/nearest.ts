/**
 * @module "Did you mean": the closest of some names to what was typed (command names,
 * app names). Pure, so anything in the CLI may use it without importing the command tree.
 */

/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]
}

/** The closest of `names` to `input`, if close enough to be a likely typo. */
export function nearest(input: string, names: string[]): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const name of names) {
    const score = name.startsWith(input) || input.startsWith(name) ? 1 : distance(input, name)
    if (score < bestScore) [best, bestScore] = [name, score]
  }
  return bestScore <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined
}
