/**
 * @module Sample answers for the report preview: one plausible value per field, taken
 * from the middle of a choice list, so a first preview lands on a middle level.
 */
import type { Field } from '../../api.ts'

/** A record's data with a sample value for every field the report can use. */
export function sampleAnswers(fields: readonly Field[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  for (const field of fields) {
    const options = field.options ?? []
    const middle = options[Math.floor((options.length - 1) / 2)]
    switch (field.type) {
      case 'choice':
        if (middle !== undefined) answers[field.name] = middle
        break
      case 'multichoice':
        if (middle !== undefined) answers[field.name] = [middle]
        break
      case 'number':
        answers[field.name] = 5
        break
      case 'boolean':
        answers[field.name] = true
        break
      case 'email':
        answers[field.name] = 'sam@example.com'
        break
      case 'date':
        answers[field.name] = '2026-01-15'
        break
      case 'text':
      case 'longtext':
        answers[field.name] = field.name === 'name' ? 'Sam' : `Sample ${field.label || field.name}`
        break
    }
  }
  return answers
}
