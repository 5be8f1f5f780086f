/**
 * @module The Data tab's toolbar above the table: the total (with what is loading) and the
 * records that arrived meanwhile, the exports, the view's controls, and the note that hidden
 * columns are hidden here only.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { exportLinks, type ExportChoice } from './export-links.ts'
import { newRecordsLine, type NewRecordsLine } from './new-records.ts'
import { viewControls, type ViewChoice } from './view-controls.ts'

export interface Toolbar {
  /** The total as read out, e.g. "120 records · loading…". */
  total: string
  arrivals: NewRecordsLine
  exports: ExportChoice
  view: ViewChoice
}

export function recordsToolbar(bar: Toolbar): TemplateResult {
  return html`<div class="toolbar">
    <div class="counts">
      <span class="total" role="status" aria-live="polite">${bar.total}</span>
      ${newRecordsLine(bar.arrivals)}
    </div>
    ${exportLinks(bar.exports)} ${viewControls(bar.view)}
    ${
      bar.view.hiddenColumns.size > 0
        ? html`<p class="hint export-note">Hidden columns are hidden on this screen only: exports hold every column.</p>`
        : nothing
    }
  </div>`
}
