/**
 * @module How a respondent is told about a field: by its label (not its key), and a missing
 * answer in the words the fill-in page's script uses, not the API's terse "is required".
 * The fill-in page and the page of a refused form post (form-post.ts) both use it.
 */
import type { FillInField } from '../core/connect/fill-in.ts'
import { fieldTypeSpec } from '../contract/fields/types/index.ts'

/** Fields answered by picking (their type's control is `choices`): radio buttons, checkboxes or a select list. */
export const usesChoices = (field: Pick<FillInField, 'type'>): boolean =>
  fieldTypeSpec(field.type).control.kind === 'choices'

export const labelOf = (field: Pick<FillInField, 'name' | 'label'>): string => field.label || field.name

/** A server problem about `field` in a respondent's words; other problems are already sentences about the value. */
export function respondentMessage(field: Pick<FillInField, 'type'>, message: string | undefined): string | undefined {
  if (message !== 'is required') return message
  return usesChoices(field) ? 'Please choose an answer.' : 'Please answer this question.'
}
