/**
 * @module The records table of the Data tab: a checkbox, the open button (short id, with a
 * New badge on records just shown live) and the arrival time per record, then a cell per
 * shown column and a score per scale. Each cell carries its column's label (`data-label`),
 * so on a phone the styles lay each row out as a card of label and value pairs instead of a
 * table scrolling sideways.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import type { RecordsPage, SvcRecord } from '../../api.ts'
import { cellText, formatDateTime, isNested, truncate } from '../../format.ts'
import { openLabel, readableValue, scoreText, valueOf, type Column } from './columns.ts'

/** What the table shows and what its controls do. */
export interface TableView {
  page: RecordsPage
  /** The columns shown (the hidden ones left out). */
  columns: Column[]
  /** Every column, hidden ones included: the open button's name reads the first answer whatever is shown. */
  allColumns: Column[]
  scales: string[]
  selected: ReadonlySet<string>
  /** Records just shown by "Show new records": a New badge by the id. */
  fresh: ReadonlySet<string>
  toggle(id: string, on: boolean): void
  toggleAll(on: boolean): void
  open(record: SvcRecord): void
}

/** A value as a cell shows it: text cut to fit, nested values compact and expandable. */
function cellValue(value: unknown): TemplateResult | typeof nothing {
  if (value === undefined) return nothing
  if (value === null) return html`<span class="value-null">null</span>`
  if (value === '') return html`<span class="value-empty">empty</span>`
  if (typeof value === 'number') return html`<span class="value-number">${String(value)}</span>`
  if (typeof value === 'boolean') return html`<span class="value-bool">${String(value)}</span>`
  if (isNested(value)) {
    return html`<details>
      <summary dir="auto">${truncate(cellText(value), 48)}</summary>
      <pre dir="ltr" tabindex="0">${JSON.stringify(value, null, 2)}</pre>
    </details>`
  }
  const text = cellText(value)
  return html`<span class="cell" dir="auto" title=${truncate(text, 1000)}>${truncate(text, 200)}</span>`
}

/** A column's header: the label, and the field's name under it where the two differ (and always on hover). */
const header = (column: Column) =>
  html`<th scope="col" dir="auto" title=${column.name}>
    ${column.label}${column.label === column.name ? nothing : html`<span class="name" dir="auto">${column.name}</span>`}
  </th>`

/** The table of one page of records. */
export function recordsTable(view: TableView): TemplateResult {
  const { page, columns, scales, selected, fresh } = view
  const all = page.records.length > 0 && page.records.every((r) => selected.has(r.id))
  return html`<div class="table-wrap">
    <table>
      <thead>
        <tr>
          <th class="check" scope="col">
            <label class="select-all"
              ><input
                type="checkbox"
                aria-label="Select all records on this page"
                .checked=${all}
                @change=${(e: Event) => view.toggleAll((e.target as HTMLInputElement).checked)}
              /><span class="select-all-text" aria-hidden="true">Select all records on this page</span></label
            >
          </th>
          <th scope="col">id</th>
          <th scope="col">Arrived</th>
          ${columns.map(header)}
          ${scales.map((key) => html`<th scope="col" class="score" dir="auto">${key}<span class="name">score · level</span></th>`)}
        </tr>
      </thead>
      <tbody>
        ${repeat(
          page.records,
          (r) => r.id,
          (record) => {
            const when = formatDateTime(record.createdAt)
            return html`<tr class="${selected.has(record.id) ? 'selected' : ''} ${record.spam ? 'spam' : ''}" data-record-id=${record.id}>
              <td class="check">
                <input
                  type="checkbox"
                  aria-label="Select record ${record.id}"
                  .checked=${selected.has(record.id)}
                  @change=${(e: Event) => view.toggle(record.id, (e.target as HTMLInputElement).checked)}
                />
              </td>
              <td class="id">
                <button aria-label=${openLabel(record, view.allColumns, when)} @click=${() => view.open(record)}>${record.id.slice(-8)}</button>
                ${fresh.has(record.id) ? html`<span class="badge new">New</span>` : nothing}
                ${record.spam ? html`<span class="badge warn">Spam</span>` : nothing}
              </td>
              <td class="when" data-label="Arrived">${when}</td>
              ${columns.map((c) => {
                const value = valueOf(record, c.name)
                return html`<td data-label=${c.label} class=${value === undefined ? 'missing' : ''}>${cellValue(readableValue(c.field, value))}</td>`
              })}
              ${scales.map((key) => {
                const text = scoreText(record, key)
                return html`<td class="score ${text ? '' : 'missing'}" data-label="${key} (score · level)">${text || html`<span class="muted">—</span>`}</td>`
              })}
            </tr>`
          },
        )}
      </tbody>
    </table>
  </div>`
}
