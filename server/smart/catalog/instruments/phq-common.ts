/**
 * @module What the PHQ screeners (PHQ-9, GAD-7) share: the published two-week frequency
 * answer scale, 0–3 per item, and their one dimension, a plain sum with published severity
 * bands where a higher score is worse.
 */
import type { AnswerOption, Band, InstrumentDimension } from './types.ts'

export const PHQ_FREQUENCY: AnswerOption[] = [
  { label: 'Not at all', value: 0 },
  { label: 'Several days', value: 1 },
  { label: 'More than half the days', value: 2 },
  { label: 'Nearly every day', value: 3 },
]

/** A PHQ severity scale: the sum of the items, scored as published, in the published bands. */
export const phqSeverity = (dimension: {
  key: string
  name: string
  description: string
  bands: Band[]
}): InstrumentDimension => ({
  ...dimension,
  method: 'sum',
  shift: 0,
  multiplier: 1,
  reversed: [],
  bandsSource: 'published',
  higherIs: 'worse',
})
