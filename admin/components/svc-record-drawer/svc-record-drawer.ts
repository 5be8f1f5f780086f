import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { api, type Field, type RecordDetail, type RecordEdited, type SvcRecord } from '../../api.ts'
import { formatDateTime, isNested, prettyJson } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-copy-button/svc-copy-button.ts'
import '../svc-record-form/svc-record-form.ts'
import type { SvcRecordForm } from '../svc-record-form/svc-record-form.ts'
import { columnsOf, readableValue, recordValue } from '../svc-records/columns.ts'
import { historyList } from './history.ts'
import { filesOf } from '../../../server/contract/files/model.ts'
import { spamReasonMeaning } from '../../../server/contract/records/spam-reasons.ts'
import '../svc-file-list/svc-file-list.ts'
import { recordDrawerStyles } from './svc-record-drawer.styles.ts'

/**
 * @summary A side sheet with one record: when it arrived, its meta, each value under the
 * field's label (the name beside it), its scores, its history of edits and the raw JSON;
 * where the caller may edit records, Edit turns it into a form with each field's control, Save stores the correction (the
 * change goes into the history). Opens when `record` is set; Escape or Close ends it.
 * @event svc-close - The user closed the drawer.
 * @event svc-record-changed - `detail` is the record as an edit left it.
 */
@customElement('svc-record-drawer')
export class SvcRecordDrawer extends LitElement {
  static override styles = [baseStyles, recordDrawerStyles]

  /** The record to show (as a page holds it), or null for closed. */
  @property({ attribute: false }) record: SvcRecord | null = null
  @property({ attribute: false }) appId = ''
  /** The app's fields, for labels and the editor's controls. */
  @property({ attribute: false }) fields: Field[] = []
  /** Whether the caller's role edits records (editor and up): a viewer gets no Edit button. */
  @property({ type: Boolean }) editable = false

  /** The record with its history, once read (the page's copy until then). */
  @state() private detail: RecordDetail | null = null
  @state() private editing = false
  @state() private error = ''
  @state() private saved = ''
  @query('dialog') private dialog!: HTMLDialogElement

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('record') && this.record?.id !== changed.get('record')?.id) {
      this.detail = null
      this.editing = false
      this.error = ''
      this.saved = ''
      if (this.record) void this.load(this.record.id)
    }
  }

  protected override updated(changed: PropertyValues<this>) {
    if (!changed.has('record')) return
    if (this.record && !this.dialog.open) this.dialog.showModal()
    if (!this.record && this.dialog.open) this.dialog.close()
  }

  private async load(id: string) {
    try {
      const detail = await api.record(this.appId, id)
      if (this.record?.id === id) this.detail = detail
    } catch (error) {
      if (this.record?.id === id) this.error = (error as Error).message
    }
  }

  private close() {
    this.dispatchEvent(new Event('svc-close', { bubbles: true, composed: true }))
  }

  private startEditing() {
    this.editing = true
    this.saved = ''
    void this.updateComplete.then(() => this.renderRoot.querySelector<SvcRecordForm>('svc-record-form')?.focus())
  }

  /** Back from the editor: focus returns to the Edit button that opened it. */
  private stopEditing() {
    this.editing = false
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button.edit')?.focus())
  }

  private onSaved(event: CustomEvent<RecordEdited>) {
    const { changed, ...detail } = event.detail
    this.detail = detail
    this.saved =
      changed.length === 0
        ? 'Nothing changed.'
        : `Saved: ${changed.length === 1 ? '1 value' : `${changed.length} values`} changed.`
    this.stopEditing()
    this.dispatchEvent(new CustomEvent('svc-record-changed', { detail, bubbles: true, composed: true }))
  }

  private renderValues(record: SvcRecord) {
    const columns = columnsOf(this.fields, [record]).filter((c) => Object.hasOwn(record.data, c.name))
    return html`<div class="panel">
      <table>
        <caption class="visually-hidden">Values</caption>
        <tbody>
          ${columns.map((column) => {
            const files = column.field?.type === 'file' ? filesOf(recordValue(record, column.name)) : []
            const value = readableValue(column.field, recordValue(record, column.name))
            return html`<tr>
              <th scope="row" class="key" dir="auto">
                ${column.label}${column.label === column.name ? nothing : html`<span class="name" dir="auto">${column.name}</span>`}
                ${column.field ? nothing : html`<span class="name">not a field</span>`}
              </th>
              <td>${
                files.length > 0
                  ? html`<svc-file-list .appId=${this.appId} .files=${files} label=${column.label}></svc-file-list>`
                  : isNested(value)
                    ? html`<pre dir="ltr" tabindex="0" aria-label="${column.label} as JSON">${prettyJson(value)}</pre>`
                    : html`<span dir="auto">${typeof value === 'string' ? value : JSON.stringify(value)}</span>`
              }</td>
            </tr>`
          })}
        </tbody>
      </table>
    </div>`
  }

  private renderView(record: SvcRecord) {
    const detail = this.detail
    // The record as pages and exports show it: its history has a section of its own.
    const raw = detail ? (({ history: _history, edits: _edits, ...rest }: RecordDetail) => rest)(detail) : record
    return html`<dl>
        <dt>Arrived</dt>
        <dd>${formatDateTime(record.createdAt)} <span class="muted small">(${record.createdAt})</span></dd>
        <dt>id</dt>
        <dd class="mono">${record.id}</dd>
        ${
          record.spam
            ? html`<dt>Spam</dt>
                <dd><span class="badge warn">Spam</span>${
                  (record.meta?.spamReasons ?? []).length > 0
                    ? html`<ul class="spam-reasons">
                        ${(record.meta?.spamReasons ?? []).map((code) => html`<li><span class="mono">${code}</span>: ${spamReasonMeaning(code)}</li>`)}
                      </ul>`
                    : nothing
                }</dd>`
            : nothing
        }
        <dt>Source</dt>
        <dd dir="auto">${record.meta?.source ?? html`<span class="muted">—</span>`}${record.meta?.verified ? html` <span class="badge on" title="Signed by this app's sender, checked on arrival">Verified</span>` : nothing}</dd>
        <dt>Timestamp sent</dt>
        <dd>${record.meta?.timestamp !== undefined ? String(record.meta.timestamp) : html`<span class="muted">—</span>`}</dd>
        ${
          record.meta?.redirectRefused !== undefined
            ? html`<dt>Redirect refused</dt>
                <dd dir="auto" class="mono">${record.meta.redirectRefused}
                  <span class="muted small">(the form asked to send the respondent there; not an allowed redirect origin, so not followed)</span></dd>`
            : nothing
        }
      </dl>
      ${this.renderValues(record)}
      ${detail ? historyList(detail, this.fields) : html`<p class="muted">Loading the history…</p>`}
      <div class="section-title">
        <h3>Raw JSON</h3>
        <svc-copy-button .value=${prettyJson(raw)} label="Copy raw JSON"></svc-copy-button>
      </div>
      <pre class="raw" dir="ltr" tabindex="0" aria-label="Raw JSON">${prettyJson(raw)}</pre>`
  }

  override render() {
    const shown = this.detail ?? this.record
    return html`<dialog aria-labelledby="drawer-title" @close=${this.close} @click=${(e: MouseEvent) => e.target === this.dialog && this.dialog.close()}>
      ${
        shown
          ? html`<header>
              <h2 id="drawer-title">${this.editing ? 'Edit record' : 'Record'}</h2>
              ${this.editing || !this.editable ? nothing : html`<button class="small edit" ?disabled=${!this.detail} @click=${this.startEditing}>Edit</button>`}
              <button class="small close" @click=${() => this.dialog.close()} autofocus>Close</button>
            </header>
            <div class="content">
              ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
              <p class="saved" role="status">${this.saved}</p>
              ${
                this.editing && this.editable && this.detail
                  ? html`<svc-record-form
                        .appId=${this.appId}
                        .fields=${this.fields}
                        .record=${this.detail}
                        @svc-record-saved=${this.onSaved}
                        @svc-edit-cancel=${this.stopEditing}
                      ></svc-record-form>
                      ${historyList(this.detail, this.fields)}`
                  : this.renderView(shown)
              }
            </div>`
          : nothing
      }
    </dialog>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-record-drawer': SvcRecordDrawer
  }
  interface HTMLElementEventMap {
    'svc-close': Event
    'svc-record-changed': CustomEvent<RecordDetail>
  }
}
