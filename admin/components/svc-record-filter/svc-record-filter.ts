import { LitElement, css, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { baseStyles } from '../../styles/base.styles.ts'
import { combinedFilter } from './combine.ts'

/**
 * @summary The Data tab's filter: an expression in PocketBase's syntax over the app's
 * fields, and a range of days the records arrived in. The server checks the expression
 * and its message is shown under the field, tied to it for screen readers.
 * @event svc-filter - `detail` is the combined filter text ('' for none), on Apply and Clear.
 */
@customElement('svc-record-filter')
export class SvcRecordFilter extends LitElement {
  static override styles = [
    baseStyles,
    css`
      form {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: 10px;
      }
      .expression {
        flex: 1 1 320px;
        min-width: 0;
      }
      .expression input {
        font-family: var(--svc-mono);
      }
      label {
        display: grid;
        gap: 4px;
        font-size: 13px;
      }
      input[type='date'] {
        width: auto;
      }
      .hint,
      .problem {
        flex-basis: 100%;
        margin: 0;
        font-size: 12.5px;
      }
      .hint {
        color: var(--svc-muted);
      }
      .problem {
        color: var(--svc-danger);
      }
    `,
  ]

  /** The server's message about the filter last sent ('' when it was taken). */
  @property() problem = ''
  /** Field names, for the placeholder's example. */
  @property({ attribute: false }) fieldNames: string[] = []

  @state() private active = false

  private apply(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const filter = combinedFilter(
      String(form.get('filter') ?? ''),
      String(form.get('from') ?? ''),
      String(form.get('to') ?? ''),
    )
    this.active = filter !== ''
    this.dispatchEvent(new CustomEvent('svc-filter', { detail: filter }))
  }

  private clear() {
    this.renderRoot.querySelector('form')?.reset()
    this.active = false
    this.dispatchEvent(new CustomEvent('svc-filter', { detail: '' }))
  }

  private get example(): string {
    const name = this.fieldNames.find((n) => /^[\p{L}\p{N}_]+$/u.test(n)) ?? 'name'
    return `${name} ~ 'text' && created >= '2026-01-01'`
  }

  override render() {
    const invalid = this.problem !== ''
    return html`<form role="search" aria-label="Filter records" @submit=${this.apply}>
      <label class="expression"
        >Filter
        <input
          type="search"
          name="filter"
          autocomplete="off"
          spellcheck="false"
          placeholder=${this.example}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${invalid ? 'filter-problem' : 'filter-hint'}
      /></label>
      <label>Arrived from <input type="date" name="from" /></label>
      <label>to <input type="date" name="to" /></label>
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
