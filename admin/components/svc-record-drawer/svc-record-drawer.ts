import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, query } from 'lit/decorators.js'
import type { SvcRecord } from '../../api.ts'
import { formatDateTime, isNested, prettyJson } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { recordDrawerStyles } from './svc-record-drawer.styles.ts'

/**
 * @summary A side sheet with one record: id, createdAt, meta, each value, and the raw JSON.
 * Opens when `record` is set; Escape or Close ends it.
 * @event svc-close - The user closed the drawer.
 */
@customElement('svc-record-drawer')
export class SvcRecordDrawer extends LitElement {
  static override styles = [baseStyles, recordDrawerStyles]

  /** The record to show, or null for closed. */
  @property({ attribute: false }) record: SvcRecord | null = null
  @query('dialog') private dialog!: HTMLDialogElement

  protected override updated(changed: PropertyValues<this>) {
    if (!changed.has('record')) return
    if (this.record && !this.dialog.open) this.dialog.showModal()
    if (!this.record && this.dialog.open) this.dialog.close()
  }

  private close() {
    this.dispatchEvent(new Event('svc-close', { bubbles: true, composed: true }))
  }

  override render() {
    const record = this.record
    return html`<dialog aria-labelledby="drawer-title" @close=${this.close} @click=${(e: MouseEvent) => e.target === this.dialog && this.dialog.close()}>
      ${
        record
          ? html`<header>
              <h2 id="drawer-title">Record</h2>
              <button class="small close" @click=${() => this.dialog.close()} autofocus>Close</button>
            </header>
            <div class="content">
              <dl>
                <dt>id</dt>
                <dd class="mono">${record.id}</dd>
                <dt>createdAt</dt>
                <dd>${record.createdAt} <span class="muted small">(${formatDateTime(record.createdAt)} local)</span></dd>
                <dt>meta.source</dt>
                <dd dir="auto">${record.meta?.source ?? html`<span class="muted">—</span>`}</dd>
                <dt>meta.timestamp</dt>
                <dd>${record.meta?.timestamp !== undefined ? String(record.meta.timestamp) : html`<span class="muted">—</span>`}</dd>
              </dl>
              <div class="panel">
                <table>
                  <tbody>
                    ${Object.keys(record.data).map((key) => {
                      const value = record.data[key]
                      return html`<tr>
                        <td class="key" dir="auto">${key}</td>
                        <td>${isNested(value) ? html`<pre dir="ltr" tabindex="0" aria-label="${key} as JSON">${prettyJson(value)}</pre>` : html`<span dir="auto">${typeof value === 'string' ? value : JSON.stringify(value)}</span>`}</td>
                      </tr>`
                    })}
                  </tbody>
                </table>
              </div>
              <div class="section-title">
                <h3>Raw JSON</h3>
                <svc-copy-button .value=${prettyJson(record)} label="Copy raw JSON"></svc-copy-button>
              </div>
              <pre class="raw" dir="ltr" tabindex="0" aria-label="Raw JSON">${prettyJson(record)}</pre>
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
  }
}
