import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { Field } from '../../api.ts'
import { fieldTypeSpec, type FieldType } from '../../../server/contract/fields/types/index.ts'
import { fieldLabel } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { combinedFilter } from './combine.ts'
import { addCondition, conditionText, fieldRef, operatorsFor, type Operator } from './conditions.ts'
import { recordFilterStyles } from './svc-record-filter.styles.ts'

/**
 * @summary The Data tab's filter: conditions picked by field, operator and value (the
 * operators and the value's control fit the field's type), which are written into the
 * expression in PocketBase's syntax that can also be typed by hand, so both are one
 * filter; and a range of days the records arrived in. The server checks the expression
 * and its message is shown under the field, tied to it for screen readers.
 * @event svc-filter - `detail` is the combined filter text ('' for none), on Apply, Add and Clear.
 */
@customElement('svc-record-filter')
export class SvcRecordFilter extends LitElement {
  static override styles = [baseStyles, recordFilterStyles]

  /** The server's message about the filter last sent ('' when it was taken). */
  @property() problem = ''
  /** The app's fields: the builder's choices and the placeholder's example. */
  @property({ attribute: false }) fields: Field[] = []
  /** The filter the view opened with (from its address): shown as the expression, once. */
  @property() initial = ''

  @state() private active = false
  /** The expression as typed or built. */
  @state() private expression = ''
  @state() private from = ''
  @state() private to = ''
  /** The condition being built: field name, operator key, value. */
  @state() private pick = { field: '', operator: '', value: '' }
  @state() private pickProblem = ''

  /** The fields a condition can be written for (a name holding a backtick cannot be). */
  private get pickable(): Field[] {
    return this.fields.filter((field) => fieldRef(field.name) !== null)
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('initial') && this.initial && !this.active) {
      this.expression = this.initial
      this.active = true
    }
    if (changed.has('fields') && !this.pickable.some((f) => f.name === this.pick.field))
      this.choose(this.pickable[0]?.name ?? '')
  }

  private choose(field: string) {
    const chosen = this.pickable.find((f) => f.name === field)
    this.pick = { field, operator: chosen ? operatorsFor(chosen)[0].key : '', value: '' }
    this.pickProblem = ''
  }

  private send() {
    const filter = combinedFilter(this.expression, this.from, this.to)
    this.active = filter !== ''
    this.dispatchEvent(new CustomEvent('svc-filter', { detail: filter }))
  }

  private apply(event: SubmitEvent) {
    event.preventDefault()
    this.send()
  }

  /** Writes the condition picked into the expression and applies it. */
  private add(event: SubmitEvent) {
    event.preventDefault()
    const field = this.pickable.find((f) => f.name === this.pick.field)
    const operator = field && operatorsFor(field).find((o) => o.key === this.pick.operator)
    if (!field || !operator) return
    const written = conditionText(field, operator, this.pick.value)
    if ('problem' in written) {
      this.pickProblem = written.problem
      return
    }
    this.pickProblem = ''
    this.expression = addCondition(this.expression, written.text)
    this.pick = { ...this.pick, value: '' }
    this.send()
  }

  private clear() {
    this.expression = ''
    this.from = ''
    this.to = ''
    this.active = false
    this.dispatchEvent(new CustomEvent('svc-filter', { detail: '' }))
  }

  private get example(): string {
    const name = this.fields.map((f) => f.name).find((n) => /^[\p{L}\p{N}_]+$/u.test(n)) ?? 'name'
    return `${name} ~ 'text' && created >= '2026-01-01'`
  }

  private renderValue(field: Field, operator: Operator) {
    const value = this.pick.value
    const set = (e: Event) => (this.pick = { ...this.pick, value: (e.target as HTMLInputElement).value })
    if (operator.value === 'none') return nothing
    const invalid = this.pickProblem ? 'true' : 'false'
    const described = this.pickProblem ? 'pick-problem' : nothing
    if (operator.value === 'option') {
      const spec = fieldTypeSpec(field.type as FieldType)
      const choices = spec.control.kind === 'choices' ? spec.control.choices(field.options, field) : []
      return html`<label class="value"
        >Value
        <select name="value" aria-invalid=${invalid} aria-describedby=${described} @change=${set}>
          <option value="" ?selected=${value === ''}>Choose…</option>
          ${choices.map((c) => html`<option value=${c.value} ?selected=${value === c.value}>${c.label}</option>`)}
        </select></label
      >`
    }
    const type = operator.value === 'number' ? 'text' : operator.value === 'date' ? 'date' : 'text'
    return html`<label class="value"
      >Value
      <input
        name="value"
        type=${type}
        inputmode=${operator.value === 'number' ? 'decimal' : nothing}
        dir=${operator.value === 'text' ? 'auto' : nothing}
        autocomplete="off"
        .value=${value}
        aria-invalid=${invalid}
        aria-describedby=${described}
        @input=${set}
    /></label>`
  }

  private renderBuilder() {
    const fields = this.pickable
    const field = fields.find((f) => f.name === this.pick.field)
    if (!field) return nothing
    const operators = operatorsFor(field)
    const operator = operators.find((o) => o.key === this.pick.operator) ?? operators[0]
    return html`<form class="builder" aria-label="Add a condition" @submit=${this.add}>
      <label
        >Field
        <select name="field" @change=${(e: Event) => this.choose((e.target as HTMLSelectElement).value)}>
          ${fields.map((f) => html`<option value=${f.name} ?selected=${f.name === field.name}>${fieldLabel(f)}</option>`)}
        </select></label
      >
      <label
        >Condition
        <select name="operator" @change=${(e: Event) => (this.pick = { ...this.pick, operator: (e.target as HTMLSelectElement).value })}>
          ${operators.map((o) => html`<option value=${o.key} ?selected=${o.key === operator.key}>${o.label}</option>`)}
        </select></label
      >
      ${this.renderValue(field, operator)}
      <button class="small add" type="submit">Add condition</button>
      ${this.pickProblem ? html`<p class="problem" id="pick-problem" role="alert">${this.pickProblem}</p>` : nothing}
    </form>`
  }

  override render() {
    const invalid = this.problem !== ''
    return html`${this.renderBuilder()}
      <form class="expression-row" role="search" aria-label="Filter records" @submit=${this.apply}>
        <label class="expression"
          >Filter
          <input
            type="search"
            name="filter"
            autocomplete="off"
            spellcheck="false"
            placeholder=${this.example}
            .value=${this.expression}
            @input=${(e: Event) => (this.expression = (e.target as HTMLInputElement).value)}
            aria-invalid=${invalid ? 'true' : 'false'}
            aria-describedby=${invalid ? 'filter-problem' : 'filter-hint'}
        /></label>
        <label>Arrived from <input type="date" name="from" .value=${this.from} @input=${(e: Event) => (this.from = (e.target as HTMLInputElement).value)} /></label>
        <label>to <input type="date" name="to" .value=${this.to} @input=${(e: Event) => (this.to = (e.target as HTMLInputElement).value)} /></label>
        <button class="small" type="submit">Apply</button>
        ${this.active || invalid ? html`<button class="small ghost" type="button" @click=${this.clear}>Clear</button>` : nothing}
        ${
          invalid
            ? html`<p class="problem" id="filter-problem" role="alert">${this.problem}</p>`
            : html`<p class="hint" id="filter-hint">= != &gt; &gt;= &lt; &lt;= · ~ contains · null means missing · join with &amp;&amp; and || · \`name with spaces\` in backticks</p>`
        }
      </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-record-filter': SvcRecordFilter
  }
}
