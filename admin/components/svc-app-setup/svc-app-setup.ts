import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { api, type App, type AppUrls, type Field, type Share, type UnlistedKey } from '../../api.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-app-details/svc-app-details.ts'
import '../svc-endpoint-help/svc-endpoint-help.ts'
import '../svc-fields-editor/svc-fields-editor.ts'
import '../svc-form-preview/svc-form-preview.ts'
import '../svc-share-settings/svc-share-settings.ts'
import '../svc-form-limits/svc-form-limits.ts'
import '../svc-form-pages/svc-form-pages.ts'
import '../svc-form-spam/svc-form-spam.ts'
import '../svc-unlisted-keys/svc-unlisted-keys.ts'
import '../svc-webhooks/svc-webhooks.ts'
import '../svc-senders/svc-senders.ts'
import '../svc-people/svc-people.ts'
import '../svc-audit-log/svc-audit-log.ts'
import { appSetupStyles, SIDE_BY_SIDE } from './svc-app-setup.styles.ts'

/**
 * @summary The Setup tab: details, fields, sharing, people, webhooks, the URLs and snippets that follow
 * from them, and (for admins and the owner) the app's Activity across both columns. Loads fields,
 * share settings and URLs once and reloads them, and the Activity, after any edit.
 * View form shows the fill-in page beside the field editor: atop the side column when the
 * columns stand side by side, right under the editor when they stack (a phone).
 * @event svc-app-changed - Re-fired from children so the app view refreshes its title.
 */
@customElement('svc-app-setup')
export class SvcAppSetup extends LitElement {
  static override styles = [baseStyles, appSetupStyles]

  @property({ attribute: false }) app!: App

  @state() private fields: Field[] = []
  @state() private fieldLimit = 50
  @state() private unlisted: UnlistedKey[] = []
  @state() private share: Share | null = null
  @state() private urls: AppUrls | null = null
  @state() private error = ''
  @state() private previewing = false
  @state() private sideBySide = matchMedia(SIDE_BY_SIDE).matches
  private readonly columns = matchMedia(SIDE_BY_SIDE)
  private readonly onColumns = () => (this.sideBySide = this.columns.matches)

  override connectedCallback() {
    super.connectedCallback()
    this.columns.addEventListener('change', this.onColumns)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.columns.removeEventListener('change', this.onColumns)
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('app') && changed.get('app')?.id !== this.app.id) void this.load()
  }

  /** False for a viewer: the form and details are shown by the fill-in preview and the URLs, not as editors. */
  private get edits() {
    return may(this.app.role, 'apps:write')
  }

  /** True when the caller's role reads and changes the app's settings (admin or owner). */
  private get settings() {
    return may(this.app.role, 'settings:read')
  }

  private async load() {
    try {
      // Share settings are an admin's to read; a viewer or editor sees the form and the URLs.
      const [fields, share, urls] = await Promise.all([
        api.fields(this.app.id),
        this.settings ? api.share(this.app.id) : null,
        api.urls(this.app.id),
      ])
      this.fields = fields.fields
      this.fieldLimit = fields.limit
      this.unlisted = fields.unlisted
      this.share = share
      this.urls = urls
      this.error = ''
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  /** A part's change reloads the screen here; the event goes no further, so it reloads once. */
  private childChanged(e: Event) {
    e.stopPropagation()
    void this.changed()
  }

  private async changed() {
    await Promise.all([this.load(), this.renderRoot.querySelector('svc-audit-log')?.reload()])
    this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
  }

  private renderPreview() {
    return this.previewing
      ? html`<svc-form-preview
          .appId=${this.app.id}
          .fields=${this.fields}
          @svc-form-preview-close=${() => (this.previewing = false)}
        ></svc-form-preview>`
      : nothing
  }

  /** Publishing and who may read: first on a phone (stacked), where the page is long; beside the form on a wide screen. */
  private renderShare() {
    if (!this.settings) return nothing
    return html`<svc-share-settings
      .appId=${this.app.id}
      .role=${this.app.role}
      .share=${this.share}
      @svc-app-changed=${this.childChanged}
    ></svc-share-settings>
      <svc-form-limits
        .appId=${this.app.id}
        .share=${this.share}
        .fields=${this.fields}
        @svc-app-changed=${this.childChanged}
      ></svc-form-limits>
      <svc-form-pages
        .appId=${this.app.id}
        .share=${this.share}
        .fields=${this.fields}
        @svc-app-changed=${this.childChanged}
      ></svc-form-pages>
      <svc-form-spam .appId=${this.app.id} .share=${this.share} @svc-app-changed=${this.childChanged}></svc-form-spam>`
  }

  private renderEditors() {
    return html`<svc-app-details .app=${this.app} @svc-app-changed=${this.childChanged}></svc-app-details>
        <svc-fields-editor
          .appId=${this.app.id}
          .fields=${this.fields}
          .limit=${this.fieldLimit}
          .previewing=${this.previewing}
          @svc-view-form=${(e: CustomEvent<boolean>) => (this.previewing = e.detail)}
          @svc-app-changed=${this.childChanged}
        ></svc-fields-editor>
        <svc-unlisted-keys
          .appId=${this.app.id}
          .keys=${this.unlisted}
          @svc-app-changed=${this.childChanged}
        ></svc-unlisted-keys>`
  }

  override render() {
    return html`<div class="column">
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
        ${this.sideBySide ? nothing : this.renderShare()}
        ${this.edits ? this.renderEditors() : viewerNotice('you read its records, summary and reports, and see how it is set up, but do not change it')}
        ${this.sideBySide ? nothing : this.renderPreview()}
        <svc-endpoint-help .urls=${this.urls} .share=${this.share} .fields=${this.fields}></svc-endpoint-help>
      </div>
      <div class="column">
        ${this.sideBySide ? html`${this.renderPreview()} ${this.renderShare()}` : nothing}
        <svc-people .appId=${this.app.id} .role=${this.app.role}></svc-people>
        ${
          this.settings
            ? html`<svc-senders .appId=${this.app.id}></svc-senders>
              <svc-webhooks .appId=${this.app.id}></svc-webhooks>`
            : nothing
        }
      </div>
      ${this.settings ? html`<svc-audit-log class="across" .app=${this.app.id}></svc-audit-log>` : nothing}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-app-setup': SvcAppSetup
  }
}
