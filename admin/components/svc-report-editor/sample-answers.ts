/**
 * @module Sample answers for the report preview: one plausible value per field, as the
 * field's type proposes it (its spec's `previewAnswer`), the middle of a choice list for
 * choices, so a first preview lands on a middle level.
 */
import { findFieldTypeSpec } from '../../../server/contract/fields/types/index.ts'
import type { Field } from '../../api.ts'

/** A record's data with a sample value for every field the report can use. */
export function sampleAnswers(fields: readonly Field[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  for (const field of fields) {
    const answer = findFieldTypeSpec(field.type)?.previewAnswer(field)
    if (answer !== undefined) answers[field.name] = answer
  }
  return answers
}
