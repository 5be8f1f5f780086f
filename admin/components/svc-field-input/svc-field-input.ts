import { LitElement, css, html, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import type { Field } from '../../api.ts'
import { choiceLayout } from '../../../server/contract/fields/types/control.ts'
import { fieldTypeSpec, type FieldType } from '../../../server/contract/fields/types/index.ts'
import { fieldLabel } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'

/**
 * @summary One field's control for editing a value, the one its type gets on every form
 * (the registry's `control`: a text, e-mail, number or date input, a text area, radio
 * buttons, checkboxes, a select list or a lone checkbox), labelled with the field's label and name, with a
 * "No answer" choice where a picking control could otherwise not be emptied, and a message
 * beside it when the server refused the value. Works in form text, as a form posts it.
 * @event svc-texts - `detail` is the control's texts (one per value; several for checkboxes).
 */
@customElement('svc-field-input')
export class SvcFieldInput extends LitElement {
  static override styles = [
    baseStyles,
    css`
      fieldset {
        margin: 0;
        padding: 0;
        border: none;
        display: grid;
        gap: 6px;
        min-width: 0;
      }
      legend {
        padding: 0;
        margin-bottom: 2px;
        font-weight: 500;
        font-size: 13px;
      }
      .caption {
        display: block;
      }
      .name {
        margin-inline-start: 6px;
        font: 400 12px var(--svc-mono);
        color: var(--svc-muted);
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 16px;
      }
      .choices label {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-weight: 400;
      }
      label.box {
        display: flex;
        align-items: flex-start;
        gap: 8px;
      }
      input[type='radio'],
      input[type='checkbox'] {
        width: 16px;
        height: 16px;
        margin: 0;
        accent-color: var(--svc-primary);
      }
      textarea.json {
        font-family: var(--svc-mono);
        font-size: 12.5px;
      }
      .problem {
        margin: 0;
        font-size: 12.5px;
        color: var(--svc-danger);
      }
    `,
  ]

  @property({ attribute: false }) field!: Field
  /** The value as form text (what `form.texts` of the type gives for it). */
  @property({ attribute: false }) texts: string[] = []
  /** Why the server refused the value ('' when it did not). */
  @property() problem = ''

  /** Focuses the control (the first of a group). */
  override focus() {
    this.renderRoot.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }

  private emit(texts: string[]) {
    this.dispatchEvent(new CustomEvent('svc-texts', { detail: texts }))
  }

  private get described() {
    return this.problem ? 'problem' : nothing
  }

  private caption() {
    const label = fieldLabel(this.field)
    return html`<span class="caption"
      ><span dir="auto">${label}</span>${this.field.required ? html`<span aria-hidden="true"> *</span><span class="visually-hidden"> (required)</span>` : nothing}${label === this.field.name ? nothing : html`<span class="name" dir="auto">${this.field.name}</span>`}</span
    >`
  }

  private renderChoices(multiple: boolean) {
    const spec = fieldTypeSpec(this.field.type as FieldType)
    if (spec.control.kind !== 'choices') return nothing
    const choices = spec.control.choices(this.field.options, this.field)
    const chosen = new Set(this.texts)
    const invalid = this.problem ? 'true' : 'false'
    if (choiceLayout(multiple, choices.length) === 'select') {
      return html`<label
        >${this.caption()}
        <select aria-invalid=${invalid} aria-describedby=${this.described} @change=${(e: Event) => this.emit([(e.target as HTMLSelectElement).value])}>
          <option value="" ?selected=${chosen.size === 0}>No answer</option>
          ${choices.map((c) => html`<option value=${c.value} ?selected=${chosen.has(c.value)}>${c.label}</option>`)}
        </select></label
      >`
    }
    const name = `choice-${this.field.name}`
    // A group of radio buttons cannot be emptied by hand: "No answer" is one more choice.
    const all = multiple ? choices : [...choices, { value: '', label: 'No answer' }]
    const picked = (value: string, on: boolean) =>
      multiple
        ? this.emit(all.map((c) => c.value).filter((v) => (v === value ? on : chosen.has(v))))
        : this.emit(value === '' ? [] : [value])
    return html`<fieldset>
      <legend>${this.caption()}</legend>
      <div class="choices">
        ${all.map(
          (c) => html`<label
            ><input
              type=${multiple ? 'checkbox' : 'radio'}
              name=${name}
              .value=${c.value}
              .checked=${c.value === '' ? chosen.size === 0 : chosen.has(c.value)}
              aria-invalid=${invalid}
              aria-describedby=${this.described}
              @change=${(e: Event) => picked(c.value, (e.target as HTMLInputElement).checked)}
            />${c.label}</label
          >`,
        )}
      </div>
    </fieldset>`
  }

  override render() {
    const control = fieldTypeSpec(this.field.type as FieldType).control
    const invalid = this.problem ? 'true' : 'false'
    const value = this.texts[0] ?? ''
    const input = (e: Event) => this.emit([(e.target as HTMLInputElement | HTMLTextAreaElement).value])
    const body =
      control.kind === 'choices'
        ? this.renderChoices(control.multiple)
        : control.kind === 'checkbox'
          ? html`<label class="box"
              ><input
                type="checkbox"
                .checked=${this.texts.includes(control.value)}
                aria-invalid=${invalid}
                aria-describedby=${this.described}
                @change=${(e: Event) => this.emit((e.target as HTMLInputElement).checked ? [control.value] : [])}
              />${this.caption()}</label
            >`
          : control.kind === 'textarea'
            ? html`<label
              >${this.caption()}${control.json ? html`<span class="hint">JSON, e.g. {"key": "value"}</span>` : nothing}
              <textarea
                class=${control.json ? 'json' : ''}
                rows=${control.json ? 4 : 5}
                spellcheck=${control.json ? 'false' : 'true'}
                dir=${control.json ? 'ltr' : 'auto'}
                .value=${value}
                aria-invalid=${invalid}
                aria-describedby=${this.described}
                @input=${input}
              ></textarea
            ></label>`
            : html`<label
              >${this.caption()}
              <input
                type=${control.type}
                step=${control.decimal ? 'any' : nothing}
                inputmode=${control.decimal ? 'decimal' : nothing}
                dir=${control.type === 'text' ? 'auto' : nothing}
                .value=${value}
                aria-invalid=${invalid}
                aria-describedby=${this.described}
                @input=${input}
            /></label>`
    return html`${body}${this.problem ? html`<p class="problem" id="problem">${this.problem}</p>` : nothing}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-field-input': SvcFieldInput
  }
  interface HTMLElementEventMap {
    'svc-texts': CustomEvent<string[]>
  }
}
