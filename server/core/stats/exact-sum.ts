/**
 * @module An exact running sum of doubles (Shewchuk's non-overlapping partials, as in
 * Python's `math.fsum`). A plain `sum += x` rounds at every step, so `(s + x) - x` need not
 * give `s` back and a sum that had values subtracted would drift from one recomputed from
 * the remaining values. Here adding `-x` undoes adding `x` exactly, and the value read
 * depends only on which values are in, not on their order or on what came and went.
 *
 * Partials must never overflow, or the result would depend on the order again (MAX + MAX −
 * MAX). So values of magnitude 2^960 and above are kept apart, scaled down by 2^200 (exact:
 * a power of two), and both sums are read correctly rounded and then added: no sum of
 * fewer than 2^60 values can overflow a partial. Only that last addition may round once
 * more (or give ±∞ when the total is beyond the double range), the same way for the same
 * values, so a rebuild always reads the same number.
 */

/** Non-overlapping partials, smallest magnitude first: ordinary values, and huge ones scaled by 2^-200. */
export interface ExactSum {
  small: number[]
  huge: number[]
}

const HUGE = 2 ** 960
const SCALE = 2 ** 200

/** The sum of no values. */
export const emptyExact = (): ExactSum => ({ small: [], huge: [] })

function addPartial(partials: number[], x: number): void {
  let i = 0
  for (const partial of partials) {
    let y = partial
    if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x]
    const hi = x + y
    const lo = y - (hi - x)
    if (lo !== 0) partials[i++] = lo
    x = hi
  }
  partials.length = i + 1
  partials[i] = x
}

/** Adds `x` (finite) to `sum` in place, exactly; add `-x` to take it out again. */
export function addExact(sum: ExactSum, x: number): void {
  if (Math.abs(x) >= HUGE) addPartial(sum.huge, x / SCALE)
  else addPartial(sum.small, x)
}

/** The exact sum of partials rounded to the nearest double (ties to even), as fsum does. */
function rounded(partials: readonly number[]): number {
  let n = partials.length
  if (n === 0) return 0
  let hi = partials[--n]
  let lo = 0
  while (n > 0) {
    const x = hi
    const y = partials[--n]
    hi = x + y
    lo = y - (hi - x)
    if (lo !== 0) break
  }
  // Half-way case: the partials below decide which way to round.
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const y = lo * 2
    const x = hi + y
    if (y === x - hi) hi = x
  }
  return hi
}

/** The sum's value: a function of the values in it alone. */
export function exactValue(sum: ExactSum): number {
  const huge = rounded(sum.huge)
  return huge === 0 ? rounded(sum.small) : huge * SCALE + rounded(sum.small)
}

/** A copy (the JSON form has the same shape). */
export const copyExact = (sum: ExactSum): ExactSum => ({ small: [...sum.small], huge: [...sum.huge] })

/** The sum of two sums' values; neither input is changed. */
export function mergeExact(a: ExactSum, b: ExactSum): ExactSum {
  const merged = copyExact(a)
  for (const partial of b.small) addPartial(merged.small, partial)
  for (const partial of b.huge) addPartial(merged.huge, partial)
  return merged
}
