/**
 * @module The records table of the Data tab: a checkbox (where the caller's role may act on
 * a selection), the open button (short id, with a New badge on records just shown live) and
 * the arrival time per record, then a cell per shown column and a score per scale. Each cell carries its column's label (`data-label`),
 * so on a phone the styles lay each row out as a card of label and value pairs instead of a
 * table scrolling sideways. Wider, the table scrolls in its own box: a named region the
 * keyboard can scroll, its edges shaded where columns lie beyond them, and a line above that
 * says how many (a button that scrolls on). Columns of fields the owner just accepted are
 * marked New.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import type { RecordsPage, SvcRecord } from '../../api.ts'
import { cellText, formatDateTime, isNested, truncate } from '../../format.ts'
import { openLabel, readableValue, scoreText, recordValue, type Column } from './columns.ts'
import type { SideScroll } from './side-scroll.ts'
import { filesOf } from '../../../server/contract/files/model.ts'
import { fileChips } from './file-chips.ts'
import { spamReasonMeaning } from '../../../server/contract/records/spam-reasons.ts'

/** What the spam badge says on hover: why the record is spam (meta.spamReasons), or that it was marked. */
const spamTitle = (record: SvcRecord): string =>
  (record.meta?.spamReasons ?? []).map(spamReasonMeaning).join('; ') || 'Marked as spam'

/** The reason codes beside the badge, visible (the title is a hover only). */
const spamCodes = (record: SvcRecord) =>
  (record.meta?.spamReasons ?? []).length > 0
    ? html` <span class="muted small spam-reasons">${(record.meta?.spamReasons ?? []).join(', ')}</span>`
    : nothing

/** What the table shows and what its controls do. */
export interface TableView {
  page: RecordsPage
  /** The columns shown (the hidden ones left out). */
  columns: Column[]
  /** Every column, hidden ones included: the open button's name reads the first answer whatever is shown. */
  allColumns: Column[]
  scales: string[]
  /** False when the caller may neither mark nor delete records: no checkboxes, since a selection would serve nothing. */
  selectable: boolean
  selected: ReadonlySet<string>
  /** Records just shown by "Show new records": a New badge by the id. */
  fresh: ReadonlySet<string>
  /** Fields the owner accepted since the tab last opened (by name): their columns are marked New. */
  newColumns: ReadonlySet<string>
  /** Where the table stands in its box sideways, and scrolling it. */
  side: Pick<SideScroll, 'view' | 'page'>
  toggle(id: string, on: boolean): void
  toggleAll(on: boolean): void
  open(record: SvcRecord): void
}

/** A column's value as its cell shows it: a file field's files as chips, any other value by cellValue. */
function columnValue(column: Column, value: unknown): TemplateResult | typeof nothing {
  const files = column.field?.type === 'file' ? filesOf(value) : []
  return files.length > 0 ? fileChips(files) : cellValue(readableValue(column.field, value))
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

/**
 * A column's header: the label, and the field's name under it where the two differ (and always
 * on hover); a New badge on a field just accepted.
 */
const header = (column: Column, isNew: boolean) =>
  html`<th scope="col" dir="auto" title=${column.name} data-column=${column.name} class=${isNew ? 'new-column' : ''}>
    ${column.label}${isNew ? html` <span class="badge new">New</span>` : nothing}${column.label === column.name ? nothing : html`<span class="name" dir="auto">${column.name}</span>`}
  </th>`

const plural = (n: number) => `${n} more column${n === 1 ? '' : 's'}`

/** The line above a table wider than its box: how many columns lie beyond, as a button that scrolls there. */
function sideLine(view: TableView): TemplateResult | typeof nothing {
  const { before, after } = view.side.view
  if (before === 0 && after === 0) return nothing
  return html`<div class="side-line">
    ${before > 0 ? html`<button class="small ghost side-back" @click=${(e: Event) => view.side.page(-1, e.currentTarget as HTMLElement)}>← ${plural(before)}</button>` : nothing}
    ${after > 0 ? html`<button class="small ghost side-on" @click=${(e: Event) => view.side.page(1, e.currentTarget as HTMLElement)}>${plural(after)} →</button>` : nothing}
  </div>`
}

/** The table of one page of records. */
export function recordsTable(view: TableView): TemplateResult {
  const { page, columns, scales, selectable, selected, fresh, newColumns } = view
  const side = view.side.view
  const all = page.records.length > 0 && page.records.every((r) => selected.has(r.id))
  return html`${sideLine(view)}<div class="table-frame" style="--side-gutter: ${side.gutter}px; --side-bar: ${side.bar}px">
    <div
      class="table-wrap"
      role=${side.scrolls ? 'region' : nothing}
      aria-label=${side.scrolls ? 'Records table' : nothing}
      tabindex=${side.scrolls ? '0' : nothing}
    >
    <table class=${selectable ? nothing : 'unselectable'}>
      <thead>
        <tr>
          ${
            selectable
              ? html`<th class="check" scope="col">
                <label class="select-all"
                  ><input
                    type="checkbox"
                    aria-label="Select all records on this page"
                    .checked=${all}
                    @change=${(e: Event) => view.toggleAll((e.target as HTMLInputElement).checked)}
                  /><span class="select-all-text" aria-hidden="true">Select all records on this page</span></label
                >
              </th>`
              : nothing
          }
          <th scope="col">id</th>
          <th scope="col">Arrived</th>
          ${columns.map((c) => header(c, newColumns.has(c.name)))}
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
              ${
                selectable
                  ? html`<td class="check">
                    <input
                      type="checkbox"
                      aria-label="Select record ${record.id}"
                      .checked=${selected.has(record.id)}
                      @change=${(e: Event) => view.toggle(record.id, (e.target as HTMLInputElement).checked)}
                    />
                  </td>`
                  : nothing
              }
              <td class="id">
                <button aria-label=${openLabel(record, view.allColumns, when)} @click=${() => view.open(record)}>${record.id.slice(-8)}</button>
                ${fresh.has(record.id) ? html`<span class="badge new">New</span>` : nothing}
                ${record.spam ? html`<span class="badge warn" title=${spamTitle(record)}>Spam</span>${spamCodes(record)}` : nothing}
              </td>
              <td class="when" data-label="Arrived">${when}</td>
              ${columns.map((c) => {
                const value = recordValue(record, c.name)
                const label = newColumns.has(c.name) ? `${c.label} · New` : c.label
                return html`<td data-label=${label} class=${value === undefined ? 'missing' : ''}>${columnValue(c, value)}</td>`
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
    </div>
    <span class="edge start" aria-hidden="true" ?hidden=${side.before === 0}></span>
    <span class="edge end" aria-hidden="true" ?hidden=${side.after === 0}></span>
  </div>`
}
