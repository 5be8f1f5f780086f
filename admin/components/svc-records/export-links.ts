/**
 * @module The Data tab's exports: CSV and JSON Lines links that download what the table
 * selects (spam mode and filter; every column, hidden ones too, since an export is the
 * data rather than this browser's view of it), and the owner's explicit choice of CSV cells
 * exactly as stored, without the leading apostrophe that keeps a spreadsheet from running
 * `=…`, `+…`, `-…` or `@…` as a formula.
 */
import { html, type TemplateResult } from 'lit'
import { exportUrl, type SpamFilter } from '../../api.ts'

export interface ExportChoice {
  appId: string
  spam: SpamFilter
  filter: string
  raw: boolean
  setRaw(raw: boolean): void
}

/** The export links and the raw-CSV checkbox. */
export function exportLinks(choice: ExportChoice): TemplateResult {
  const { appId, spam, filter, raw } = choice
  return html`<span class="exports" role="group" aria-label="Export">
    <a class="button small export-csv" href=${exportUrl(appId, 'csv', spam, filter, raw)} download>Export CSV</a>
    <a class="button small export-jsonl" href=${exportUrl(appId, 'jsonl', spam, filter)} download>Export JSON Lines</a>
    <label class="inline raw"
      ><input type="checkbox" name="rawCsv" .checked=${raw} @change=${(e: Event) => choice.setRaw((e.target as HTMLInputElement).checked)} />
      CSV as stored (no formula protection)</label
    >
  </span>`
}
