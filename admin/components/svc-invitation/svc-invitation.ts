import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { api, type InvitationView, type User } from '../../api.ts'
import { AUTH } from '../../../server/contract/limits.ts'
import { formatDateTime } from '../../format.ts'
import { hrefOf, navigate } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { setScreenTitle } from '../../title.ts'
import { loginStyles } from '../svc-login/svc-login.styles.ts'

/**
 * @summary An invitation link's screen (`#/invitation/<token>`): what it offers (app, role,
 * inviter, until when) and how to accept it — one button for the signed-in account with the
 * invited address; sign in first for an address that has an account; otherwise choose a
 * password, which makes the account and signs it in.
 * @event svc-signed-in - An account was made by accepting; detail is the user.
 */
@customElement('svc-invitation')
export class SvcInvitation extends LitElement {
  static override styles = [baseStyles, loginStyles]

  @property() token = ''
  /** The signed-in account, or null. */
  @property({ attribute: false }) user: User | null = null

  @state() private view: InvitationView | null = null
  @state() private error = ''
  @state() private busy = false

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('token') && this.token) void this.load()
  }

  protected override updated() {
    setScreenTitle('Invitation')
  }

  private async load() {
    try {
      this.view = await api.invitation(this.token)
      this.error = ''
    } catch (error) {
      this.view = null
      this.error = (error as Error).message
    }
  }

  private async accept(event?: SubmitEvent) {
    event?.preventDefault()
    const form = event ? new FormData(event.target as HTMLFormElement) : null
    this.busy = true
    try {
      const input = form ? { password: String(form.get('password') ?? ''), name: String(form.get('name') ?? '') } : {}
      const accepted = await api.acceptInvitation(this.token, input)
      if (accepted.login) {
        this.dispatchEvent(
          new CustomEvent<User>('svc-signed-in', { detail: accepted.login.user, bubbles: true, composed: true }),
        )
      }
      navigate({ name: 'app', appId: accepted.app.id, tab: 'setup' })
    } catch (error) {
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  private renderAction(view: InvitationView) {
    const user = this.user
    if (user && user.email === view.email) {
      return html`<button class="primary" ?disabled=${this.busy} @click=${() => this.accept()}>Accept and open “${view.app.name}”</button>`
    }
    if (user) {
      return html`<p class="error" role="alert">This invitation is for ${view.email}, and you are signed in as ${user.email}. Log out, then sign in as ${view.email} to accept it.</p>`
    }
    if (view.accountExists) {
      const next = hrefOf({ name: 'invitation', token: this.token })
      return html`<p>${view.email} has an account here.</p>
        <p><a class="button primary" href=${hrefOf({ name: 'login', next })}>Sign in to accept</a></p>`
    }
    return html`<form @submit=${this.accept}>
      <p>Choose a password for your new account, <strong dir="auto">${view.email}</strong>.</p>
      <label>Your name <span class="hint">optional</span><input name="name" autocomplete="name" maxlength=${AUTH.maxUserNameLength} /></label>
      <label>Password <span class="hint">at least ${AUTH.minPasswordLength} characters</span>
        <input name="password" type="password" autocomplete="new-password" required minlength=${AUTH.minPasswordLength} maxlength=${AUTH.maxPasswordLength} /></label>
      <button class="primary" type="submit" ?disabled=${this.busy}>Create my account and accept</button>
    </form>`
  }

  override render() {
    const view = this.view
    return html`<main class="card">
      <div class="brand"><span class="logo" aria-hidden="true">s</span><strong>svc admin</strong></div>
      <h1>Invitation</h1>
      ${
        view
          ? html`<p class="intro">${view.invitedBy} invites you to work on <strong dir="auto">${view.app.name}</strong> as <strong>${view.role}</strong>. The link works until ${formatDateTime(view.expiresAt)}.</p>
            ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderAction(view)}`
          : this.error
            ? html`<p class="error" role="alert">${this.error}</p>`
            : html`<p role="status">Loading…</p>`
      }
    </main>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-invitation': SvcInvitation
  }
}
