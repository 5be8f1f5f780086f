import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import {
  CHOICE_TYPES,
  FIELD_TYPES,
  fieldTypeLabel,
  type FieldType,
} from '../../../server/contract/fields/types/index.ts'
import { api, ApiError, type Field } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import { fieldsEditorStyles } from './svc-fields-editor.styles.ts'
import { fileOptionInputs, fileOptionsOfForm, fileOptionsStyles } from './file-options.ts'
import { hasMax, maxInput, maxOfForm, ratingOptionsStyles } from './rating-options.ts'
import { formSettings, formSettingsStyles } from './form-settings.ts'
import { parseOptions } from './options-text.ts'
import { fieldLanguages, translationsEditor, translationsStyles } from './translations.ts'
import type { FormPatch } from '../../../server/contract/fields/form.ts'
import { noteAccepted, sessionStore } from '../svc-records/new-columns.ts'

type FieldPatch = Partial<
  Pick<Field, 'name' | 'type' | 'label' | 'required' | 'options' | 'maxFiles' | 'maxSize' | 'accept' | 'max'>
> &
  FormPatch

/**
 * @summary The app's fields: edit name, type, label, options and required in place (each
 * change is saved at once), reorder, remove, and add up to the field limit. Fields made by
 * anonymous posts are marked Proposed, with Accept (and Accept all): only accepted fields
 * are on the fill-in page and the snippets, and only they count against the limit.
 * @event svc-app-changed - After any saved change.
 * @event svc-view-form - View form was pressed; `detail` is whether the preview should show.
 */
@customElement('svc-fields-editor')
export class SvcFieldsEditor extends LitElement {
  static override styles = [
    baseStyles,
    stackedTableStyles,
    fieldsEditorStyles,
    fileOptionsStyles,
    ratingOptionsStyles,
    formSettingsStyles,
    translationsStyles,
  ]

  @property() appId = ''
  @property({ attribute: false }) fields: Field[] = []
  /** The server's field limit (50). */
  @property({ type: Number }) limit: number = LIMITS.maxFields
  /** The form preview is shown beside the editor (the View form button is pressed). */
  @property({ type: Boolean }) previewing = false

  @state() private rowErrors: Record<string, string> = {}
  @state() private addError = ''
  @state() private addType: FieldType = 'text'
  @state() private busy = false
  /** Languages added in the translations editor before any text in them is saved. */
  @state() private addedLanguages: string[] = []
  @query('svc-confirm') private confirm!: SvcConfirm

  private changed() {
    this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
  }

  private async patch(field: Field, input: FieldPatch, control?: HTMLSelectElement) {
    try {
      try {
        await api.updateField(this.appId, field.id, input)
      } catch (error) {
        // A new type on a published app whose records hold values: the server wants force.
        const records =
          error instanceof ApiError && error.status === 409
            ? (error.details as { records?: number } | undefined)?.records
            : undefined
        if (records === undefined) throw error
        if (!(await this.confirmTypeChange(field, input.type!, records))) {
          if (control) control.value = field.type
          return
        }
        await api.updateField(this.appId, field.id, { ...input, force: true })
      }
      const { [field.id]: _, ...rest } = this.rowErrors
      this.rowErrors = rest
      this.changed()
    } catch (error) {
      this.rowErrors = { ...this.rowErrors, [field.id]: (error as Error).message }
    }
  }

  private confirmTypeChange(field: Field, type: FieldType, records: number) {
    return this.confirm.ask({
      title: 'Change field type',
      message: `${records === 1 ? '1 record holds a value' : `${records} records hold values`} in`,
      name: field.name,
      after: ` sent as “${fieldTypeLabel(field.type)}”. Changing the type to “${fieldTypeLabel(type)}” does not convert them: stored records keep what they were sent, so old and new values will mix. Change it anyway?`,
      confirmLabel: 'Change type',
      danger: true,
    })
  }

  private async move(index: number, by: -1 | 1) {
    const ids = this.fields.map((f) => f.id)
    const target = index + by
    if (target < 0 || target >= ids.length) return
    ;[ids[index], ids[target]] = [ids[target], ids[index]]
    try {
      await api.orderFields(this.appId, ids)
      this.changed()
      await this.updateComplete
      // Keep the keyboard on the moved field's arrow so it can be moved again.
      this.renderRoot
        .querySelector<HTMLButtonElement>(
          `tr[data-field-id="${CSS.escape(ids[target])}"] button.${by < 0 ? 'up' : 'down'}`,
        )
        ?.focus()
    } catch (error) {
      this.addError = (error as Error).message
    }
  }

  private async removeField(field: Field) {
    const ok = await this.confirm.ask({
      title: 'Remove field',
      message: 'Remove the field',
      name: field.name,
      after: '? Values already stored in records stay there; new submissions with this key may auto-create it again.',
      confirmLabel: 'Remove field',
      danger: true,
    })
    if (!ok) return
    try {
      await api.deleteField(this.appId, field.id)
      this.changed()
    } catch (error) {
      this.rowErrors = { ...this.rowErrors, [field.id]: (error as Error).message }
    }
  }

  private async accept(which: Field | 'all') {
    this.busy = true
    try {
      const accepted = await api.acceptFields(this.appId, which === 'all' ? 'all' : [which.id])
      noteAccepted(
        sessionStore(),
        this.appId,
        accepted.map((field) => field.name),
      )
      this.addError = ''
      if (which !== 'all') {
        const { [which.id]: _, ...rest } = this.rowErrors
        this.rowErrors = rest
      }
      this.changed()
    } catch (error) {
      if (which === 'all') this.addError = (error as Error).message
      else this.rowErrors = { ...this.rowErrors, [which.id]: (error as Error).message }
    } finally {
      this.busy = false
    }
  }

  /** Fields counted against the limit: the ones the owner made or accepted. */
  private get acceptedCount() {
    return this.fields.filter((field) => !field.proposed).length
  }

  private async add(event: SubmitEvent) {
    event.preventDefault()
    const formElement = event.target as HTMLFormElement
    const form = new FormData(formElement)
    const type = String(form.get('type')) as FieldType
    const label = String(form.get('label') ?? '').trim()
    const input: FieldPatch & { name: string } = {
      name: String(form.get('name') ?? '').trim(),
      type,
      required: form.get('required') === 'on',
    }
    if (label) input.label = label
    if (CHOICE_TYPES.includes(type)) input.options = parseOptions(String(form.get('options') ?? ''))
    if (type === 'file') Object.assign(input, fileOptionsOfForm(form))
    if (hasMax(type)) Object.assign(input, maxOfForm(form))
    this.busy = true
    try {
      await api.createField(this.appId, input)
      this.addError = ''
      formElement.reset()
      this.addType = 'text'
      this.changed()
      formElement.querySelector<HTMLInputElement>('input[name="name"]')?.focus()
    } catch (error) {
      this.addError = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  private renderRow(field: Field, index: number) {
    const choice = CHOICE_TYPES.includes(field.type as FieldType)
    const error = this.rowErrors[field.id]
    const label = field.name
    return html`<tr data-field-id=${field.id} class=${error ? 'failed' : ''}>
        <td class="order">
          <button class="icon ghost up" aria-label="Move ${label} up" ?disabled=${index === 0} @click=${() => this.move(index, -1)}>↑</button>
          <button class="icon ghost down" aria-label="Move ${label} down" ?disabled=${index === this.fields.length - 1} @click=${() => this.move(index, 1)}>↓</button>
        </td>
        <td class="name-cell" data-label="Name">
          <input
            aria-label="Name of field ${label}"
            dir="auto"
            .value=${field.name}
            @change=${(e: Event) => this.patch(field, { name: (e.target as HTMLInputElement).value.trim() })}
          />
          ${
            field.proposed
              ? html`<div class="proposed">
                <span class="badge warn">Proposed</span>
                <button class="small" ?disabled=${this.busy} aria-label="Accept field ${label}" @click=${() => this.accept(field)}>Accept</button>
              </div>`
              : field.autoCreated
                ? html`<div class="auto">auto-created</div>`
                : nothing
          }
        </td>
        <td class="type" data-label="Type">
          <select
            aria-label="Type of field ${label}"
            @change=${(e: Event) => {
              const select = e.target as HTMLSelectElement
              return this.patch(field, { type: select.value as FieldType }, select)
            }}
          >
            ${FIELD_TYPES.map((type) => html`<option value=${type} ?selected=${type === field.type}>${fieldTypeLabel(type)}</option>`)}
          </select>
        </td>
        <td class="label-cell" data-label="Label">
          <input
            aria-label="Label of field ${label}"
            dir="auto"
            placeholder=${field.name}
            .value=${field.label ?? ''}
            @change=${(e: Event) => this.patch(field, { label: (e.target as HTMLInputElement).value.trim() })}
          />
        </td>
        <td class="options-cell ${choice || field.type === 'file' || hasMax(field.type) ? '' : 'none'}" data-label="Options">
          ${
            field.type === 'file'
              ? fileOptionInputs(field, (patch) => this.patch(field, patch))
              : hasMax(field.type)
                ? maxInput(field, (patch) => this.patch(field, patch))
                : choice
                  ? html`<textarea
                aria-label="Options of field ${label}, one per line"
                dir="auto"
                rows=${Math.min(7, Math.max(1, field.options?.length ?? 1))}
                placeholder="one option per line"
                .value=${(field.options ?? []).join('\n')}
                @change=${(e: Event) => this.patch(field, { options: parseOptions((e.target as HTMLTextAreaElement).value) })}
              ></textarea>`
                  : html`<span class="muted small">—</span>`
          }
        </td>
        <td class="required">
          <label class="inline">
            <input
              type="checkbox"
              aria-label="${label} is required"
              .checked=${field.required}
              @change=${(e: Event) => this.patch(field, { required: (e.target as HTMLInputElement).checked })}
            /><span class="stacked-only" aria-hidden="true">Required</span>
          </label>
        </td>
        <td class="remove">
          <button class="icon ghost remove" aria-label="Remove field ${label}" title="Remove field" @click=${() => this.removeField(field)}>×<span class="stacked-only">Remove</span></button>
        </td>
      </tr>
      ${
        field.proposed
          ? nothing
          : html`<tr class="form-row"><td></td><td colspan="6">${formSettings(field, (patch) => this.patch(field, patch))}${this.translationsOf(field)}</td></tr>`
      }
      ${error ? html`<tr class="row-error"><td></td><td colspan="6" role="alert">${error}</td></tr>` : nothing}`
  }

  /** The field's translations editor, in the languages of every field and those just added. */
  private translationsOf(field: Field) {
    const languages = [...new Set([...fieldLanguages(this.fields), ...this.addedLanguages])]
    const add = (tag: string) => (this.addedLanguages = [...this.addedLanguages, tag])
    return translationsEditor(field, languages, (patch) => this.patch(field, patch), add)
  }

  private renderAdd() {
    if (this.acceptedCount >= this.limit) {
      return html`<p class="limit notice">This app has reached the limit of ${this.limit} fields. Remove one to add another.</p>`
    }
    const choice = CHOICE_TYPES.includes(this.addType)
    return html`<form class="add" @submit=${this.add} aria-label="Add a field">
      <label>New field<input name="name" dir="auto" required maxlength=${LIMITS.maxFieldNameLength} placeholder="e.g. email" /></label>
      <label
        >Type
        <select name="type" @change=${(e: Event) => (this.addType = (e.target as HTMLSelectElement).value as FieldType)}>
          ${FIELD_TYPES.map((type) => html`<option value=${type} ?selected=${type === this.addType}>${fieldTypeLabel(type)}</option>`)}
        </select>
      </label>
      <label><span>Label <span class="hint">optional</span></span><input name="label" dir="auto" /></label>
      ${
        this.addType === 'file'
          ? fileOptionInputs(null)
          : hasMax(this.addType)
            ? maxInput(null)
            : html`<label
        >Options
        <textarea name="options" dir="auto" rows="1" ?disabled=${!choice} placeholder=${choice ? 'Yes, No, Maybe (or one per line)' : 'for choice types'}></textarea>
      </label>`
      }
      <label class="inline"><input type="checkbox" name="required" /> Required</label>
      <button class="primary" type="submit" ?disabled=${this.busy}>Add field</button>
      ${this.addError ? html`<p class="error" role="alert">${this.addError}</p>` : nothing}
    </form>`
  }

  override render() {
    const accepted = this.acceptedCount
    const proposed = this.fields.length - accepted
    const full = accepted >= this.limit
    return html`<section class="panel" aria-labelledby="fields-title">
        <header>
          <h2 id="fields-title">Fields</h2>
          <span class="spacer"></span>
          <span class="count ${full ? 'full' : ''}" aria-label="${accepted} of ${this.limit} fields used"
            >${accepted} / ${this.limit} fields</span
          >
          <button
            class="small view-form"
            aria-pressed=${this.previewing ? 'true' : 'false'}
            @click=${() =>
              this.dispatchEvent(
                new CustomEvent<boolean>('svc-view-form', { detail: !this.previewing, bubbles: true, composed: true }),
              )}
          >
            View form
          </button>
        </header>
        ${
          proposed > 0
            ? html`<div class="proposals notice">
              <p>
                ${proposed === 1 ? '1 field was' : `${proposed} fields were`} proposed by anonymous posts. Proposed fields are
                stored with the records but are not on the form or the snippets until you accept them.
              </p>
              <button ?disabled=${this.busy} @click=${() => this.accept('all')}>Accept all</button>
            </div>`
            : nothing
        }
        ${
          this.fields.length === 0
            ? html`<p class="empty muted">
              No fields yet. Add them below, or just POST a record: with auto-create on, its keys are proposed as fields for you to
              accept.
            </p>`
            : html`<div class="table-wrap stacking"><table>
              <thead>
                <tr>
                  <th scope="col"><span class="visually-hidden">Order</span></th>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Label</th>
                  <th scope="col">Options</th>
                  <th scope="col" class="required">Required</th>
                  <th scope="col"><span class="visually-hidden">Remove</span></th>
                </tr>
              </thead>
              <tbody>
                ${repeat(
                  this.fields,
                  (f) => f.id,
                  (f, i) => this.renderRow(f, i),
                )}
              </tbody>
            </table></div>`
        }
        ${this.renderAdd()}
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-fields-editor': SvcFieldsEditor
  }
  interface HTMLElementEventMap {
    'svc-view-form': CustomEvent<boolean>
  }
}
