import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { AUDIT_EVENTS, type AuditEvent } from '../../../server/contract/audit/model.ts'
import { api, type AuditEntry } from '../../api.ts'
import { formatDateTime } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { SideScroll } from '../svc-records/side-scroll.ts'
import { auditQuery, changesOf, NO_FILTER, shortValue, type AuditFilter, type Change } from './audit-change.ts'
import { auditLogStyles } from './svc-audit-log.styles.ts'

/** What an audit event (not an operation of the route table) means, for the action's title. */
const eventMeaning = (action: string): string | typeof nothing =>
  Object.hasOwn(AUDIT_EVENTS, action) ? AUDIT_EVENTS[action as AuditEvent] : nothing

/**
 * @summary Activity, the audit log, newest first: with `app`, who changed that app's data,
 * access and settings and who exported it (its admins and owner may read it); without, what
 * the signed-in account did in every app, its log-ins and failed log-ins. Filters by who (an
 * app's log) or app (the account's), action and first day; Load more follows the server's
 * cursor. The table scrolls sideways in a named, focusable box where it is wider than the page.
 */
@customElement('svc-audit-log')
export class SvcAuditLog extends LitElement {
  static override styles = [baseStyles, auditLogStyles]

  /** The app whose log is shown; '' for the signed-in account's own. */
  @property() app = ''
  /** The signed-in account's user id: its own entries say "you" instead of its address. */
  @property() me = ''

  @state() private entries: AuditEntry[] | null = null
  @state() private nextCursor: string | null = null
  @state() private filter: AuditFilter = NO_FILTER
  @state() private loading = false
  @state() private error = ''
  /** The account's apps by id: the account's log names the app of each entry, and filters by one. */
  @state() private apps = new Map<string, string>()
  @query('.count') private count?: HTMLElement
  private readonly side = new SideScroll(this, () => this.renderRoot.querySelector<HTMLElement>('.table-wrap'))
  /** Counts the pages asked for, so the answer to a filter since replaced is dropped. */
  private asked = 0

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!this.hasUpdated || changed.has('app')) {
      this.renderRoot.querySelector<HTMLFormElement>('form.filters')?.reset()
      this.filter = NO_FILTER
      this.entries = null
      void this.reload()
      if (!this.app) void this.loadApps()
    }
  }

  /** Reads the newest page again with the filters applied (after a change made elsewhere on the screen). */
  reload() {
    return this.fetchPage()
  }

  private async loadApps() {
    try {
      this.apps = new Map((await api.apps()).map((app) => [app.id, app.name]))
    } catch {
      // The log still reads without names: its entries then show the app's id.
    }
  }

  private async fetchPage(cursor?: string) {
    const asked = ++this.asked
    this.loading = true
    try {
      const query = auditQuery(this.filter, cursor)
      const page = this.app ? await api.appAudit(this.app, query) : await api.accountAudit(query)
      if (asked !== this.asked) return
      this.entries = cursor ? [...(this.entries ?? []), ...page.entries] : page.entries
      this.nextCursor = page.nextCursor
      this.error = ''
    } catch (error) {
      if (asked === this.asked) this.error = (error as Error).message
    } finally {
      if (asked === this.asked) this.loading = false
    }
  }

  private apply(event: SubmitEvent) {
    event.preventDefault()
    const data = new FormData(event.target as HTMLFormElement)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    this.filter = { actor: text('actor'), action: text('action'), since: text('since'), app: text('app') }
    void this.fetchPage()
  }

  private clear(event: Event) {
    ;(event.target as HTMLButtonElement).form?.reset()
    this.filter = NO_FILTER
    void this.fetchPage()
  }

  private async loadMore(event: Event) {
    if (!this.nextCursor || this.loading) return
    const button = event.currentTarget as HTMLElement
    const focused = this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement === button
    await this.fetchPage(this.nextCursor)
    await this.updateComplete
    // At the end of the log the button is gone: the focus goes to the line that says so, not to the page.
    if (focused && !button.isConnected) this.count?.focus()
  }

  private get filtered() {
    return Object.values(this.filter).some((value) => value !== '')
  }

  private renderFilters() {
    const apps = [...this.apps].sort((a, b) => a[1].localeCompare(b[1]))
    return html`<form class="filters" role="search" aria-label="Filter the activity" @submit=${this.apply}>
      ${
        this.app
          ? html`<label class="who">Who<input name="actor" autocomplete="off" spellcheck="false" placeholder="e-mail or user id" /></label>`
          : html`<label class="which-app">App<select name="app">
              <option value="">All apps</option>
              ${apps.map(([id, name]) => html`<option value=${id}>${name}</option>`)}
            </select></label>`
      }
      <label class="action"
        >Action<input name="action" autocomplete="off" spellcheck="false" placeholder="share." aria-describedby="action-hint"
      /></label>
      <label class="since">Since<input name="since" type="date" /></label>
      <div class="row buttons">
        <button class="small" type="submit">Apply</button>
        ${this.filtered ? html`<button class="small ghost" type="button" @click=${this.clear}>Clear</button>` : nothing}
      </div>
      <p class="hint" id="action-hint">
        An action is an operation, such as <code>share.update</code>, or every one of a kind when it ends in a dot: <code>share.</code>
      </p>
    </form>`
  }

  private renderSide(text: string | null) {
    if (text === null)
      return html`<span class="muted" aria-hidden="true">—</span><span class="visually-hidden">not set</span>`
    return html`<span class="value" title=${text}>${shortValue(text)}</span>`
  }

  private renderChanges(changes: Change[]) {
    if (changes.length === 0) return html`<span class="muted">—</span>`
    return html`<ul class="changes">
      ${changes.map((c) => html`<li><code>${c.key}</code> ${this.renderSide(c.before)} → ${this.renderSide(c.after)}</li>`)}
    </ul>`
  }

  /** Local time; the day and the time of day each on one line when the column is narrow. */
  private renderTime(at: string) {
    const [day, time] = formatDateTime(at).split(' ')
    return html`<time datetime=${at} title=${at}><span>${day}</span> <span>${time}</span></time>`
  }

  private renderActor(actor: AuditEntry['actor']) {
    if (!actor) return html`<span class="muted">unknown</span>`
    return actor.userId === this.me ? 'you' : actor.email
  }

  private renderEntry(entry: AuditEntry) {
    const none = html`<span class="muted">—</span>`
    return html`<tr data-entry-id=${entry.id}>
      <th scope="row" class="when">${this.renderTime(entry.at)}</th>
      ${this.app ? nothing : html`<td class="app" dir="auto">${entry.appId ? (this.apps.get(entry.appId) ?? entry.appId) : none}</td>`}
      <td class="who" title=${entry.actor?.email ?? nothing}>${this.renderActor(entry.actor)}</td>
      <td class="via" dir="auto">${entry.via}</td>
      <td class="from"><span class="mono">${entry.address}</span></td>
      <td class="action"><code title=${eventMeaning(entry.action)}>${entry.action}</code></td>
      <td class="target" dir="auto">${entry.target ?? none}</td>
      <td class="change">${this.renderChanges(changesOf(entry.before, entry.after))}</td>
    </tr>`
  }

  private renderTable(entries: AuditEntry[]) {
    const scrolls = this.side.view.scrolls
    const title = this.app ? 'Activity of the app' : 'Activity of your account'
    return html`<div
        class="table-wrap"
        role=${scrolls ? 'region' : nothing}
        aria-label=${scrolls ? `${title}, table` : nothing}
        tabindex=${scrolls ? '0' : nothing}
      >
        <table>
          <caption class="visually-hidden">${title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              ${this.app ? nothing : html`<th scope="col">App</th>`}
              <th scope="col">Who</th>
              <th scope="col">Via</th>
              <th scope="col">From</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            ${entries.map((entry) => this.renderEntry(entry))}
          </tbody>
        </table>
      </div>`
  }

  private renderEnd(entries: AuditEntry[]) {
    const shown = entries.length === 1 ? '1 entry' : `${entries.length} entries`
    return html`<div class="body row more">
      <p class="hint count" role="status" tabindex="-1">${shown}${this.nextCursor ? ', newest first' : ', no older ones'}</p>
      ${
        this.nextCursor
          ? html`<button class="small" type="button" @click=${this.loadMore}>${this.loading ? 'Loading…' : 'Load more'}</button>`
          : nothing
      }
    </div>`
  }

  private renderEntries() {
    const entries = this.entries
    if (entries === null) return this.error ? nothing : html`<p class="empty">Loading…</p>`
    if (entries.length === 0)
      return html`<p class="empty" role="status">
        ${this.filtered ? 'No entry matches these filters.' : 'Nothing recorded yet.'}
      </p>`
    return html`${this.renderTable(entries)} ${this.renderEnd(entries)}`
  }

  override render() {
    return html`<section class="panel" aria-labelledby="activity-title">
      <header>
        <h2 id="activity-title">Activity</h2>
        <button class="small ghost" type="button" @click=${() => this.reload()}>Refresh</button>
      </header>
      <div class="body stack">
        <p class="hint">
          ${
            this.app
              ? "Who changed the app's records, fields, sharing, people and webhooks, and who exported its records."
              : 'What you did in every app, your log-ins and failed log-ins, and your access tokens used from a new address.'
          }
        </p>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderFilters()}
      </div>
      ${this.renderEntries()}
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-audit-log': SvcAuditLog
  }
}
