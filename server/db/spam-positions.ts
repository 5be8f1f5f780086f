/**
 * @module How marking records spam or not spam moves the `pos` of an app's non-spam
 * records, the same on both backends. `pos` numbers the non-spam records 1…K in seq order,
 * so between two changed rows every non-spam record moves by the same amount: down by the
 * changed rows before it when they became spam, up when they stopped being spam. A row
 * that stops being spam takes the place its seq gives it among the non-spam rows.
 */

/** Non-spam rows with seq in (afterSeq, beforeSeq) move by `shift` (beforeSeq null: to the end). */
export interface PosShift {
  afterSeq: number
  beforeSeq: number | null
  shift: number
}

/** The shifts for changed rows `sorted` by seq, all becoming spam (`toSpam`) or all becoming non-spam. */
export function posShifts(sorted: ReadonlyArray<{ seq: number }>, toSpam: boolean): PosShift[] {
  return sorted.map((row, index) => ({
    afterSeq: row.seq,
    beforeSeq: sorted[index + 1]?.seq ?? null,
    shift: toSpam ? -(index + 1) : index + 1,
  }))
}

/**
 * The pos of the `index`-th (0-based, by seq) row to stop being spam, given `spamBefore`:
 * how many rows before it were spam before the change (the changed rows before it among
 * them). The non-spam rows before it were `seq − 1 − spamBefore`, and the `index` changed
 * rows before it join them.
 */
export const posOfUnspammed = (seq: number, spamBefore: number, index: number): number => seq - spamBefore + index
