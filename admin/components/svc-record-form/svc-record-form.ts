import { LitElement, css, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { ApiError, api, type Field, type RecordEdited, type SvcRecord } from '../../api.ts'
import { cellText } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-field-input/svc-field-input.ts'
import type { SvcFieldInput } from '../svc-field-input/svc-field-input.ts'
import { changedValues, storedValue, textsOf } from './edits.ts'

/** The problems of a refused edit by field name, and what is left for the form as a whole. */
function problemsOf(error: unknown): { byField: Map<string, string>; message: string } {
  const byField = new Map<string, string>()
  if (!(error instanceof ApiError)) return { byField, message: (error as Error).message }
  const details = error.details as { problems?: Array<{ path?: unknown; message?: unknown }>; fields?: unknown }
  for (const problem of details?.problems ?? [])
    if (typeof problem.path === 'string' && typeof problem.message === 'string')
      byField.set(problem.path, problem.message)
  return { byField, message: byField.size > 0 ? '' : error.message }
}

/**
 * @summary The record editor of the drawer: every field of the app with the control its
 * type gets on forms, filled with the record's values; Save sends only the fields changed
 * (checked by the server as a submission is) and shows each refusal beside its field, with
 * focus on the first; Cancel leaves the record as it was. Values under keys that are no
 * longer fields are listed, not editable here.
 * @event svc-record-saved - `detail` is the record as saved (`RecordEdited`), its history included.
 * @event svc-edit-cancel - The owner left the editor without saving.
 */
@customElement('svc-record-form')
export class SvcRecordForm extends LitElement {
  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        gap: 16px;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
      .others dt {
        font-size: 12px;
        color: var(--svc-muted);
      }
      .others dd {
        margin: 0 0 6px;
        overflow-wrap: anywhere;
      }
    `,
  ]

  @property({ attribute: false }) appId = ''
  @property({ attribute: false }) fields: Field[] = []
  @property({ attribute: false }) record!: SvcRecord

  /** The controls' texts by field name (only the ones touched differ from the record's). */
  @state() private texts = new Map<string, string[]>()
  @state() private problems = new Map<string, string>()
  @state() private message = ''
  @state() private saving = false

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('record') || changed.has('fields')) {
      this.texts = new Map(
        this.fields.map((field) => [field.name, textsOf(field, storedValue(this.record, field.name))]),
      )
      this.problems = new Map()
      this.message = ''
    }
  }

  /** Puts focus on the first control (when the editor opens). */
  override focus() {
    void this.updateComplete.then(() => this.renderRoot.querySelector<SvcFieldInput>('svc-field-input')?.focus())
  }

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const { data, problems } = changedValues(this.fields, this.record, this.texts)
    this.problems = problems
    this.message = ''
    if (problems.size > 0) return this.focusProblem()
    if (Object.keys(data).length === 0) {
      this.message = 'Nothing to save: no value was changed.'
      return
    }
    this.saving = true
    try {
      const saved: RecordEdited = await api.editRecord(this.appId, this.record.id, data)
      this.dispatchEvent(new CustomEvent('svc-record-saved', { detail: saved, bubbles: true, composed: true }))
    } catch (error) {
      const refused = problemsOf(error)
      this.problems = refused.byField
      this.message = refused.message
      this.focusProblem()
    } finally {
      this.saving = false
    }
  }

  /** Focus on the first field in error, so a keyboard or screen-reader user hears why. */
  private focusProblem() {
    void this.updateComplete.then(() => {
      const first = this.fields.find((field) => this.problems.has(field.name))
      if (!first) return
      const inputs = [...this.renderRoot.querySelectorAll<SvcFieldInput>('svc-field-input')]
      inputs.find((input) => input.field.name === first.name)?.focus()
    })
  }

  private cancel() {
    this.dispatchEvent(new Event('svc-edit-cancel', { bubbles: true, composed: true }))
  }

  override render() {
    const others = Object.keys(this.record.data).filter((key) => !this.fields.some((f) => f.name === key))
    const count = this.problems.size
    return html`<form @submit=${this.save} aria-label="Edit record" novalidate>
      ${
        count > 0 || this.message
          ? html`<p class=${count > 0 || !this.message.startsWith('Nothing') ? 'error' : 'notice'} role="alert">
              ${count > 0 ? `The record was not saved: ${count === 1 ? 'one value needs' : `${count} values need`} fixing. ` : nothing}${this.message}
            </p>`
          : nothing
      }
      ${this.fields.map(
        (field) =>
          html`<svc-field-input
            .field=${field}
            .texts=${this.texts.get(field.name) ?? []}
            .problem=${this.problems.get(field.name) ?? ''}
            @svc-texts=${(e: CustomEvent<string[]>) => (this.texts = new Map(this.texts).set(field.name, e.detail))}
          ></svc-field-input>`,
      )}
      ${
        others.length > 0
          ? html`<div class="others">
              <h3>Values that are not fields of this form</h3>
              <dl>
                ${others.map((key) => html`<dt dir="auto">${key}</dt><dd dir="auto">${cellText(this.record.data[key])}</dd>`)}
              </dl>
            </div>`
          : nothing
      }
      <div class="actions">
        <button class="primary save" type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : 'Save'}</button>
        <button class="cancel" type="button" @click=${this.cancel}>Cancel</button>
      </div>
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-record-form': SvcRecordForm
  }
  interface HTMLElementEventMap {
    'svc-record-saved': CustomEvent<RecordEdited>
    'svc-edit-cancel': Event
  }
}
