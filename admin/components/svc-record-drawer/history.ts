/**
 * @module A record's history of edits as the drawer lists it: newest first, each edit with
 * when and by whom, and each field by its label, from what to what (a value the server kept
 * cut ends in "…"); the edits no longer kept are counted.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { Field, FieldChange, RecordDetail } from '../../api.ts'
import { cellText, fieldLabel, formatDateTime, truncate } from '../../format.ts'
import { readableValue } from '../svc-records/columns.ts'

/** A value of a change as text: "(none)" when there was none; a cut value is the server's text as it is. */
function valueText(field: Field | null, change: FieldChange, side: 'from' | 'to'): TemplateResult {
  if (!(side in change)) return html`<span class="muted">(none)</span>`
  const cut = side === 'from' ? change.fromCut : change.toCut
  const value = change[side]
  const text = cut && typeof value === 'string' ? value : cellText(readableValue(field, value))
  if (text === '') return html`<span class="muted">(empty)</span>`
  return html`<span class="value" dir="auto">${truncate(text, 200)}</span>`
}

/** The history section of a record: its edits, or that it was never edited. */
export function historyList(record: RecordDetail, fields: readonly Field[]): TemplateResult {
  const fieldOf = (name: string) => fields.find((f) => f.name === name) ?? null
  const labelOf = (name: string) => {
    const field = fieldOf(name)
    return field ? fieldLabel(field) : name
  }
  const dropped = record.edits - record.history.length
  return html`<section class="history" aria-labelledby="history-title">
    <h3 id="history-title">History</h3>
    ${
      record.edits === 0
        ? html`<p class="muted">Never edited: the values are as they were sent.</p>`
        : html`<ol>
          ${record.history.map(
            (edit) => html`<li>
              <p class="when">
                <time datetime=${edit.at}>${formatDateTime(edit.at)}</time> · ${edit.by.email}
              </p>
              <ul>
                ${edit.changes.map(
                  (change) =>
                    html`<li><span class="field" dir="auto">${labelOf(change.field)}</span>: ${valueText(fieldOf(change.field), change, 'from')} → ${valueText(fieldOf(change.field), change, 'to')}</li>`,
                )}
                ${edit.more ? html`<li class="muted">and ${edit.more} more fields</li>` : nothing}
              </ul>
            </li>`,
          )}
        </ol>
        ${dropped > 0 ? html`<p class="muted small">${dropped} older edit${dropped === 1 ? ' is' : 's are'} no longer kept.</p>` : nothing}`
    }
  </section>`
}
