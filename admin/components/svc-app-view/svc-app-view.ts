import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { ApiError, api, type App } from '../../api.ts'
import { formatCount } from '../../format.ts'
import { assessmentApi } from '../../assessment-api.ts'
import { may } from '../../roles.ts'
import { hrefOf, navigate, type AppTab } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { setScreenTitle } from '../../title.ts'
import '../svc-app-setup/svc-app-setup.ts'
import '../svc-records/svc-records.ts'
import '../svc-summary/svc-summary.ts'
import '../svc-scales-editor/svc-scales-editor.ts'
import '../svc-report-editor/svc-report-editor.ts'
import '../svc-expert-editor/svc-expert-editor.ts'
import '../svc-connect-editor/svc-connect-editor.ts'
import { appViewStyles } from './svc-app-view.styles.ts'

const TABS: Array<[AppTab, string]> = [
  ['setup', 'Setup'],
  ['data', 'Data'],
  ['summary', 'Summary'],
  ['scales', 'Scales'],
  ['report', 'Report'],
  ['expert', 'Expert'],
  ['style', 'Style'],
]

/** The tabs of an assessment: a form without scoring shows them only once the owner asks ("Add scoring"). */
const SCORING_TABS: readonly AppTab[] = ['scales', 'report', 'expert']

/**
 * @summary One app: its title, the Setup / Data / Summary / Scales / Report / Expert / Style tabs and the chosen tab's screen.
 * A plain form (no scales, no report pages) shows no Scales, Report or Expert tab until the owner
 * picks "Add scoring" (or opens one of them by its link); a viewer, who may not add them, is not offered it.
 * Children fire `svc-app-changed` after edits so the title and counts stay current.
 */
@customElement('svc-app-view')
export class SvcAppView extends LitElement {
  static override styles = [baseStyles, appViewStyles]

  /** The app's id from the route. */
  @property() appId = ''
  @property() tab: AppTab = 'setup'

  @state() private app: App | null = null
  @state() private error: ApiError | null = null
  /** Whether the app scores its records (has scales or report pages), or the owner asked for those tabs. */
  @state() private scoring = false

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('appId')) {
      this.app = null
      this.scoring = false
      void this.load()
      void this.loadScoring()
    } else if (changed.has('tab')) {
      // Counts and the published badge may have moved while on another tab.
      void this.load()
    }
  }

  private async load() {
    try {
      this.app = await api.app(this.appId)
      this.error = null
    } catch (error) {
      // A refresh that fails on the way (the Summary's live figures ask often) keeps the app on screen.
      if (this.app && !(error instanceof ApiError && error.status === 404)) return
      this.error = error instanceof ApiError ? error : new ApiError(0, 'client', String(error))
    }
  }

  /** An app with scales or report pages is an assessment: its scoring tabs are shown. */
  private async loadScoring() {
    const appId = this.appId
    try {
      const [scales, pages] = await Promise.all([assessmentApi.scales(appId), assessmentApi.report(appId)])
      if (appId === this.appId && (scales.length > 0 || pages.length > 0)) this.scoring = true
    } catch {
      // The app's own load says what went wrong; the tabs stay as they are.
    }
  }

  private addScoring() {
    this.scoring = true
    navigate({ name: 'app', appId: this.appId, tab: 'scales' })
  }

  protected override updated() {
    if (this.error) setScreenTitle(this.error.status === 404 ? 'App not found' : 'Error')
    else if (this.app) setScreenTitle(TABS.find(([tab]) => tab === this.tab)![1], this.app.name)
  }

  override render() {
    if (this.error) {
      return html`<p class="crumbs"><a href="#/apps">Apps</a></p>
        <div class="panel empty">
          ${this.error.status === 404 ? 'This app does not exist, or it belongs to another account.' : this.error.message}
          <a href="#/apps">Back to your apps</a>
        </div>`
    }
    const app = this.app
    if (!app) return html`<p class="muted">Loading…</p>`
    return html`<div>
        <p class="crumbs"><a href="#/apps">Apps</a> /</p>
        <div class="title">
          <h1 dir="auto">${app.name}</h1>
          ${app.published ? html`<span class="badge on">Published</span>` : html`<span class="badge">Not published</span>`}
          <span class="muted small">${formatCount(app.recordCount)} record${app.recordCount === 1 ? '' : 's'}</span>
        </div>
      </div>
      <nav class="tabs" aria-label="App sections">
        ${TABS.filter(([tab]) => this.showsScoring || !SCORING_TABS.includes(tab)).map(
          ([tab, label]) =>
            html`<a href=${hrefOf({ name: 'app', appId: app.id, tab })} aria-current=${this.tab === tab ? 'page' : 'false'}>${label}</a>`,
        )}
        ${
          this.showsScoring || !may(app.role, 'apps:write')
            ? nothing
            : html`<button type="button" class="add-scoring" @click=${this.addScoring}
                title="Scales, a report and expert comments: score each response and show the respondent their results">
                Add scoring
              </button>`
        }
      </nav>
      <div @svc-app-changed=${() => this.load()}>${this.renderTab(app)}</div>`
  }

  /** A scoring tab opened by its link shows the scoring tabs too. */
  private get showsScoring(): boolean {
    return this.scoring || SCORING_TABS.includes(this.tab)
  }

  private renderTab(app: App) {
    switch (this.tab) {
      case 'setup':
        return html`<svc-app-setup .app=${app}></svc-app-setup>`
      case 'data':
        return html`<svc-records .app=${app}></svc-records>`
      case 'summary':
        return html`<svc-summary .app=${app}></svc-summary>`
      case 'scales':
        return html`<svc-scales-editor .app=${app}></svc-scales-editor>`
      case 'report':
        return html`<svc-report-editor .app=${app}></svc-report-editor>`
      case 'expert':
        return html`<svc-expert-editor .app=${app}></svc-expert-editor>`
      case 'style':
        return html`<svc-connect-editor .app=${app}></svc-connect-editor>`
    }
    return nothing
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-app-view': SvcAppView
  }
  interface HTMLElementEventMap {
    /** A child changed the app (name, fields, share, records); the view reloads it. */
    'svc-app-changed': Event
  }
}
