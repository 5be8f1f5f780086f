import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { api, type App, type Field } from '../../api.ts'
import { assessmentApi, type Scale } from '../../assessment-api.ts'
import { formatCount } from '../../format.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-range-bar/svc-range-bar.ts'
import '../svc-scale-form/svc-scale-form.ts'
import { showBound } from './scale-preview.ts'
import { scalesEditorStyles } from './svc-scales-editor.styles.ts'

/**
 * @summary The app's scales (scoring dimensions): each with its range, levels and whether
 * it is complete; add, edit and remove them, and rescore the stored records on purpose. A
 * viewer opens each scale's items and levels read-only (View), and changes nothing.
 * @event svc-app-changed - After a scale is saved or removed, or records are rescored.
 */
@customElement('svc-scales-editor')
export class SvcScalesEditor extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, scalesEditorStyles]

  @property({ attribute: false }) app!: App

  @state() private scales: Scale[] | null = null
  @state() private fields: Field[] = []
  /** The scale being edited (or, for a viewer, looked at); 'new' while adding one; null when no form is open. */
  @state() private editing: Scale | 'new' | null = null
  @state() private error = ''
  @state() private notice = ''
  @query('svc-confirm') private confirm!: SvcConfirm

  /** True when the caller's role changes scales and rescores (editor and up). */
  private get edits() {
    return may(this.app.role, 'apps:write')
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    try {
      const [scales, fields] = await Promise.all([assessmentApi.scales(this.app.id), api.fields(this.app.id)])
      this.scales = scales
      this.fields = fields.fields
      this.error = ''
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private changed() {
    this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
  }

  private async saved(scale: Scale) {
    this.editing = null
    this.notice = `Saved scale “${scale.name}”.`
    await this.load()
    this.changed()
  }

  private async removeScale(scale: Scale) {
    const ok = await this.confirm.ask({
      title: 'Remove scale',
      message: 'Remove the scale',
      name: scale.name,
      after: ' with its levels and expert comments? Scores already stored with records stay until you rescore.',
      confirmLabel: 'Remove scale',
      danger: true,
    })
    if (!ok) return
    try {
      await assessmentApi.deleteScale(this.app.id, scale.id)
      if (this.editing !== 'new' && this.editing?.id === scale.id) this.editing = null
      this.notice = ''
      await this.load()
      this.changed()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async rescore() {
    // The count on the app may be older than the last submissions: read it now.
    const recordCount = await api.app(this.app.id).then(
      (app) => app.recordCount,
      () => this.app.recordCount,
    )
    const ok = await this.confirm.ask({
      title: 'Rescore all records',
      message: `This recomputes the stored scores of all ${formatCount(recordCount)} records with the current scales. Reports respondents open afterwards show the new scores and levels; until now they kept the scores from when they answered.`,
      confirmLabel: 'Rescore records',
    })
    if (!ok) return
    try {
      const { rescored } = await assessmentApi.rescore(this.app.id)
      this.notice = `Rescored ${formatCount(rescored)} record${rescored === 1 ? '' : 's'}.`
      this.error = ''
      this.changed()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private renderTable(scales: Scale[]) {
    if (scales.length === 0) {
      return html`<p class="empty">
        No scales yet. A scale scores some of the answers (a dimension such as “energy” or “stress”) and names its levels; reports show them.
      </p>`
    }
    return html`<div class="stacking"><table class="stacks">
      <thead>
        <tr>
          <th scope="col">Scale</th>
          <th scope="col">Key</th>
          <th scope="col">Items</th>
          <th scope="col">Range</th>
          <th scope="col">Levels</th>
          <th scope="col">Status</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${scales.map(
          (scale) => html`<tr data-scale=${scale.key}>
            <td dir="auto"><strong>${scale.name}</strong> <span class="muted small">${scale.method}</span></td>
            <td class="key" data-label="Key"><span><code>${scale.key}</code></span></td>
            <td class="num" data-label="Items">${scale.items.length}</td>
            <td class="num range" data-label="Range">${scale.range ? `${showBound(scale.range.min, '−∞')} – ${showBound(scale.range.max, '∞')}` : '—'}</td>
            <td class="bar" data-label="Levels"><svc-range-bar .range=${scale.range && { min: scale.range.min ?? -Infinity, max: scale.range.max ?? Infinity }} .levels=${scale.levels}></svc-range-bar></td>
            <td class="status" data-label="Status">
              <span>
                ${scale.complete ? html`<span class="badge on">Complete</span>` : html`<span class="badge warn">Incomplete</span>`}
                ${scale.problems.length ? html`<ul>${scale.problems.map((p) => html`<li>${p.message}</li>`)}</ul>` : nothing}
              </span>
            </td>
            <td class="actions">
              <span class="row">
                <button class="small" aria-label="${this.edits ? 'Edit' : 'View'} scale ${scale.name}" @click=${() => {
                  this.editing = scale
                  this.notice = ''
                }}>${this.edits ? 'Edit' : 'View'}</button>
                ${this.edits ? html`<button class="small danger" aria-label="Remove scale ${scale.name}" @click=${() => this.removeScale(scale)}>Remove</button>` : nothing}
              </span>
            </td>
          </tr>`,
        )}
      </tbody>
    </table></div>`
  }

  override render() {
    const editing = this.editing
    return html`${this.edits ? nothing : viewerNotice('you see its scales, their items and levels, but do not change them')}
      <section class="panel" aria-labelledby="scales-title">
        <header>
          <h2 id="scales-title">Scales</h2>
          <span class="spacer"></span>
          ${this.edits ? html`<button class="small" ?disabled=${!this.scales?.length} @click=${this.rescore}>Rescore all records</button>` : nothing}
          ${
            editing === null && this.edits
              ? html`<button class="small primary" @click=${() => {
                  this.editing = 'new'
                  this.notice = ''
                }}>New scale</button>`
              : nothing
          }
        </header>
        ${this.scales === null ? html`<p class="empty">Loading…</p>` : this.renderTable(this.scales)}
      </section>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.notice ? html`<p class="notice done" role="status">${this.notice}</p>` : nothing}
      ${
        editing !== null
          ? html`<section class="panel" aria-labelledby="scale-form-title">
            <header><h2 id="scale-form-title">${editing === 'new' ? 'New scale' : this.edits ? `Edit scale “${editing.name}”` : `Scale “${editing.name}”`}</h2></header>
            <svc-scale-form
              .appId=${this.app.id}
              .readOnly=${!this.edits}
              .fields=${this.fields}
              .scale=${editing === 'new' ? null : editing}
              @svc-scale-saved=${(e: CustomEvent<Scale>) => this.saved(e.detail)}
              @svc-scale-cancel=${() => (this.editing = null)}
            ></svc-scale-form>
          </section>`
          : nothing
      }
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-scales-editor': SvcScalesEditor
  }
}
