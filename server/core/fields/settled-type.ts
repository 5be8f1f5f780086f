/** @module The type a field's stored values share, read from the summary aggregates (never a scan of the records). */
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { FieldAggregate } from '../stats/aggregate.ts'

/**
 * The type the stored (non-spam) values of a field share: number, boolean, text, or json
 * for arrays and objects; text when they differ; `current` when no record holds a value.
 */
export function settledType(values: FieldAggregate | undefined, current: FieldType): FieldType {
  if (!values || values.count === 0) return current
  const numbers = values.numbers?.count ?? 0
  const booleans = values.booleans ? values.booleans.true + values.booleans.false : 0
  const strings = values.strings
    ? [...values.strings.counts.values()].reduce((sum, n) => sum + n, 0) + values.strings.untracked
    : 0
  if (numbers === values.count) return 'number'
  if (booleans === values.count) return 'boolean'
  if (strings === values.count) return current === 'longtext' ? 'longtext' : 'text'
  if (numbers + booleans + strings === 0) return 'json'
  return 'text'
}
