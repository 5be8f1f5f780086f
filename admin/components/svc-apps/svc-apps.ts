import { LitElement, html, nothing } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiError, api, type App } from '../../api.ts'
import { formatCount, formatDateTime, formatRelative } from '../../format.ts'
import { may } from '../../roles.ts'
import { hrefOf, navigate } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-generate/svc-generate.ts'
import { appsStyles } from './svc-apps.styles.ts'

/**
 * @summary The apps list: record counts, last submission, create and delete (the owner's
 * alone: an app one is a member of has no Delete); published apps whose reads are open to
 * anyone with the link carry a warning badge.
 */
@customElement('svc-apps')
export class SvcApps extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, appsStyles]

  @state() private apps: App[] | null = null
  @state() private creating = false
  @state() private error = ''
  @state() private busy = false
  @query('svc-confirm') private confirm!: SvcConfirm

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    try {
      this.apps = await api.apps()
      this.error = ''
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async create(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const description = String(form.get('description') ?? '').trim()
    this.busy = true
    try {
      const app = await api.createApp({
        name: String(form.get('name') ?? '').trim(),
        ...(description ? { description } : {}),
      })
      navigate({ name: 'app', appId: app.id, tab: 'setup' })
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error)
    } finally {
      this.busy = false
    }
  }

  private async removeApp(app: App) {
    const ok = await this.confirm.ask({
      title: 'Delete app',
      message: 'This deletes',
      name: app.name,
      after: ` with its ${formatCount(app.recordCount + app.spamCount)} records, fields and endpoint. Its URL stops working. This cannot be undone.`,
      confirmLabel: 'Delete app',
      danger: true,
    })
    if (!ok) return
    try {
      await api.deleteApp(app.id)
      await this.load()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  /** "New app" goes away when pressed: focus moves to the form it opened, not back to the page. */
  protected override updated(changed: Map<string, unknown>) {
    if (changed.has('creating') && this.creating)
      this.renderRoot.querySelector<HTMLInputElement>('form.create input[name="name"]')?.focus()
  }

  private renderCreate() {
    return html`<form class="create panel" aria-label="New app" @submit=${this.create}>
      <label>Name<input name="name" required autofocus placeholder="Contact form" /></label>
      <label><span>Description <span class="hint">optional</span></span><input name="description" placeholder="What it collects" /></label>
      <button class="primary" type="submit" ?disabled=${this.busy}>Create app</button>
      <button type="button" @click=${() => (this.creating = false)}>Cancel</button>
    </form>`
  }

  private renderTable(apps: App[]) {
    if (apps.length === 0) {
      return html`<div class="panel empty">
        <h2>No apps yet</h2>
        <p>An app is a form with an endpoint: records are POSTed to it and show up here.</p>
        ${this.creating ? nothing : html`<button class="primary" @click=${() => (this.creating = true)}>Create your first app</button>`}
      </div>`
    }
    return html`<div class="panel stacking">
      <table class="stacks">
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Records</th>
            <th scope="col">Last submission</th>
            <th scope="col">Fields</th>
            <th scope="col">Endpoint</th>
            <th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${apps.map(
            (app) => html`<tr data-app-id=${app.id}>
              <td class="name">
                <a href=${hrefOf({ name: 'app', appId: app.id, tab: 'setup' })} dir="auto">${app.name}</a>
                ${app.description ? html`<span class="description" dir="auto">${app.description}</span>` : nothing}
              </td>
              <td class="num" data-label="Records">
                <span>
                  <a
                    class="count"
                    href=${hrefOf({ name: 'app', appId: app.id, tab: 'data' })}
                    aria-label="${formatCount(app.recordCount)} record${app.recordCount === 1 ? '' : 's'} of ${app.name}"
                    >${formatCount(app.recordCount)}</a
                  >${app.spamCount ? html`<span class="muted small"> + ${formatCount(app.spamCount)} spam</span>` : nothing}
                </span>
              </td>
              <td data-label="Last submission" title=${formatDateTime(app.lastRecordAt)}>
                <span>${app.lastRecordAt ? formatRelative(app.lastRecordAt) : html`<span class="muted">never</span>`}</span>
              </td>
              <td class="num" data-label="Fields">${app.fieldCount}</td>
              <td data-label="Endpoint">
                <span class="badges">${app.published ? html`<span class="badge on">Published</span>` : html`<span class="badge">Not published</span>`}
                ${
                  app.published && app.reads !== 'off'
                    ? html`<span class="badge warn" title=${(app.warnings ?? []).join(' ')}>${app.reads === 'records' ? 'Records open to anyone' : 'Summary open to anyone'}</span>`
                    : nothing
                }</span
                >
              </td>
              <td class="actions">
                ${
                  may(app.role, 'apps:own')
                    ? html`<span><button class="small danger" aria-label="Delete ${app.name}" @click=${() => this.removeApp(app)}>Delete</button></span>`
                    : nothing
                }
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`
  }

  override render() {
    return html`<div class="head">
        <h1>Apps</h1>
        <span class="spacer"></span>
        ${this.apps?.length && !this.creating ? html`<button class="primary" @click=${() => (this.creating = true)}>New app</button>` : nothing}
      </div>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.creating ? this.renderCreate() : nothing}
      ${this.apps === null ? html`<p class="muted">Loading…</p>` : this.renderTable(this.apps)}
      <svc-generate></svc-generate>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-apps': SvcApps
  }
}
