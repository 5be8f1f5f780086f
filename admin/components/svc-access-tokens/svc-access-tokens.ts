import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { AUTH } from '../../../server/contract/limits.ts'
import { api, ApiError, type AccessToken, type App, type User } from '../../api.ts'
import { proofFields, proofOf, type ProofMethod } from '../svc-account/proof-fields.ts'
import { formatDateTime, formatRelative } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import { shownOnceStyles } from '../../styles/shown-once.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { accessTokensStyles } from './svc-access-tokens.styles.ts'
import { choicesOf, limitFields, limitsOf, type LimitChoices } from './token-limit-fields.ts'
import { scopesText } from '../../../server/contract/access/roles.ts'

/**
 * @summary Access tokens for the CLI, MCP and scripts: create one limited to some scopes,
 * apps and a lifetime (the secret is shown once), list with prefix, limits and last use,
 * revoke. When the server wants the owner to prove
 * themselves first (a session logged in long ago), the form asks for the current password
 * (or a mailed code) and sends it with the next try.
 */
@customElement('svc-access-tokens')
export class SvcAccessTokens extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, shownOnceStyles, accessTokensStyles]

  @state() private tokens: AccessToken[] | null = null
  /** The secret of the token just created; cleared when the screen is left. */
  @state() private created: { name: string; token: string } | null = null
  @state() private error = ''
  /** Set when the server answered `reauth_required`: the proof the form must now ask for. */
  @state() private reauth: ProofMethod | null = null
  @state() private codeSent = false
  @state() private choices: LimitChoices = { someApps: false, never: false }
  /** The account's apps, for "only these apps"; loaded when that is chosen. */
  @state() private apps: App[] | null = null
  @query('svc-confirm') private confirm!: SvcConfirm

  /** The signed-in account (its address, for a mailed code). */
  @property({ attribute: false }) user?: User

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  /** Reads the list again (the Account screen revoked tokens after a password change). */
  async load() {
    try {
      this.tokens = await api.tokens()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async create(event: SubmitEvent) {
    event.preventDefault()
    const formElement = event.target as HTMLFormElement
    const form = new FormData(formElement)
    const name = String(form.get('name') ?? '').trim()
    const limits = limitsOf(form, Date.now())
    const missing =
      limits.scopes.length === 0
        ? 'Tick at least one thing the token may do.'
        : limits.apps?.length === 0
          ? 'Tick at least one app, or choose all apps.'
          : ''
    if (missing) {
      this.error = missing
      return
    }
    try {
      const created = await api.createToken({ name, ...limits, ...proofOf(form) })
      this.created = { name: created.name, token: created.token }
      this.error = ''
      this.reauth = null
      this.codeSent = false
      // Back to the defaults: rendered first, so that reset() restores them.
      this.choices = { someApps: false, never: false }
      await this.updateComplete
      formElement.reset()
      await this.load()
    } catch (error) {
      this.error = (error as Error).message
      if (error instanceof ApiError && error.type === 'reauth_required') {
        const method = (error.details as { method?: ProofMethod } | undefined)?.method
        this.reauth = method === 'code' ? 'code' : 'password'
      }
    }
  }

  private async choose(form: HTMLFormElement) {
    this.choices = choicesOf(form)
    if (this.choices.someApps && this.apps === null) {
      try {
        this.apps = await api.apps()
      } catch (error) {
        this.error = (error as Error).message
      }
    }
  }

  private async mailCode() {
    if (!this.user) return
    try {
      await api.requestCode(this.user.email)
      this.codeSent = true
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async revoke(token: AccessToken) {
    const ok = await this.confirm.ask({
      title: 'Revoke access token',
      message: 'Revoke',
      name: token.name,
      after: `(${token.prefix}…)? Anything using it — the CLI, an MCP client, a CI job — gets 401 from now on.`,
      confirmLabel: 'Revoke token',
      danger: true,
    })
    if (!ok) return
    try {
      await api.revokeToken(token.id)
      await this.load()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private renderCreated() {
    const created = this.created
    if (!created) return nothing
    return html`<div class="shown-once new-token" role="status">
      <strong dir="auto">New token “${created.name}”</strong>
      <div class="value">
        <output class="token-secret">${created.token}</output>
        <svc-copy-button .value=${created.token} label="Copy the new access token"></svc-copy-button>
      </div>
      <p>Copy it now: it will not be shown again. Use it as <code>SVC_TOKEN</code>, or save it to a file and run <code>svc-cli auth login --with-token &lt; token.txt</code>.</p>
      <div><button class="small ghost" @click=${() => (this.created = null)}>Done</button></div>
    </div>`
  }

  private renderList(tokens: AccessToken[]) {
    if (tokens.length === 0)
      return html`<p class="empty">No access tokens yet. Create one to use svc-cli or the MCP server.</p>`
    return html`<div class="stacking"><table class="stacks">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Prefix</th>
          <th scope="col">May</th>
          <th scope="col">Expires</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${tokens.map(
          (t) => html`<tr data-token-id=${t.id}>
            <td class="name" dir="auto">${t.name}</td>
            <td class="prefix" data-label="Prefix"><span>${t.prefix}…</span></td>
            <td data-label="May"><span>${scopesText(t.scopes)}${t.apps ? `, ${t.apps.length === 1 ? 'one app' : `${t.apps.length} apps`}` : ''}</span></td>
            <td data-label="Expires" title=${t.expiresAt ? formatDateTime(t.expiresAt) : ''}><span>${t.expiresAt ? formatRelative(t.expiresAt) : html`<span class="muted">never</span>`}</span></td>
            <td data-label="Created" title=${formatDateTime(t.createdAt)}><span>${formatRelative(t.createdAt)}</span></td>
            <td data-label="Last used" title=${formatDateTime(t.lastUsedAt)}><span>${t.lastUsedAt ? formatRelative(t.lastUsedAt) : html`<span class="muted">never</span>`}</span></td>
            <td class="actions"><span><button class="small danger" aria-label="Revoke ${t.name}" @click=${() => this.revoke(t)}>Revoke</button></span></td>
          </tr>`,
        )}
      </tbody>
    </table></div>`
  }

  override render() {
    return html`<section class="panel" aria-labelledby="tokens-title">
        <header><h2 id="tokens-title">Access tokens</h2></header>
        <div class="body stack">
          <p class="hint">Tokens let svc-cli, MCP clients and scripts act as you. Treat them like passwords.</p>
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderCreated()}
          <form class="create" @submit=${this.create}>
            <label>Token name<input name="name" dir="auto" required maxlength=${AUTH.maxTokenNameLength} placeholder="e.g. laptop CLI" /></label>
            ${limitFields(this.apps, this.choices, (form) => void this.choose(form))}
            ${this.reauth ? proofFields(this.reauth, this.user?.email ?? 'your address', 'to create a token', this.codeSent, () => void this.mailCode()) : nothing}
            <button class="primary" type="submit">Create token</button>
          </form>
        </div>
        ${this.tokens === null ? html`<p class="empty">Loading…</p>` : this.renderList(this.tokens)}
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-access-tokens': SvcAccessTokens
  }
}
