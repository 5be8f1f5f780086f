/**
 * @module A rating field's highest point in the fields editor (`max`, a top-level key of
 * fields.add and fields.update): a whole number from RATING.minMax to RATING.maxMax.
 */
import { css, html } from 'lit'
import { findFieldTypeSpec } from '../../../server/contract/fields/types/index.ts'
import { RATING, ratingMax } from '../../../server/contract/fields/types/rating.ts'

/** True for a type whose fields carry a highest point of their own (rating). */
export const hasMax = (type: string): boolean => findFieldTypeSpec(type)?.settings?.max !== undefined

/** The highest point the add form holds, when one was typed. */
export function maxOfForm(form: FormData): { max?: number } {
  const typed = String(form.get('max') ?? '').trim()
  return typed === '' ? {} : { max: Number(typed) }
}

/**
 * The input of a rating's highest point. For a field's row (`field` given) a change calls
 * `onChange`; in the add form (`field` null) it carries a name for FormData.
 */
export function maxInput(
  field: { name: string; max?: number } | null,
  onChange: (patch: { max: number }) => void = () => {},
) {
  return html`<label class="rating-max"
    >Highest point
    <input
      type="number"
      name=${field ? '' : 'max'}
      aria-label=${field ? `Highest point of field ${field.name}` : 'Highest point'}
      min=${RATING.minMax}
      max=${RATING.maxMax}
      step="1"
      .value=${field ? String(ratingMax(field)) : ''}
      placeholder=${String(RATING.defaultMax)}
      @change=${(event: Event) => field && onChange({ max: Number((event.target as HTMLInputElement).value) })}
  /></label>`
}

export const ratingOptionsStyles = css`
  .rating-max {
    display: flex;
    flex-direction: column;
    font-size: 12px;
    color: var(--svc-muted);
    min-width: 96px;
  }
`
