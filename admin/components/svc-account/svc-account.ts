import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { AUTH } from '../../../server/contract/limits.ts'
import { api, type AccessToken, type ProfileUpdated, type User } from '../../api.ts'
import { formatDateTime } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-access-tokens/svc-access-tokens.ts'
import '../svc-account-delete/svc-account-delete.ts'
import '../svc-audit-log/svc-audit-log.ts'
import { proofFields, proofOf } from './proof-fields.ts'
import { accountStyles } from './svc-account.styles.ts'

/**
 * @summary The Account screen: profile (name, e-mail), password, access tokens, the account's
 * Activity (log-ins and changes), and deleting the account. A new
 * e-mail or password asks for the current password (or, without one, a mailed code) in the
 * same form; a new e-mail waits for the link mailed to it, and can be cancelled meanwhile.
 * @event svc-user-changed - After the profile was saved; `detail` is the updated user.
 */
@customElement('svc-account')
export class SvcAccount extends LitElement {
  static override styles = [baseStyles, accountStyles]

  @property({ attribute: false }) user!: User

  @state() private profileError = ''
  @state() private profileSaved = false
  @state() private passwordError = ''
  @state() private passwordSaved = false
  /** What the e-mail field holds while it differs from the account's address. */
  @state() private emailDraft = ''
  /** The e-mail change waiting for its link. */
  @state() private pendingEmail: ProfileUpdated['pendingEmail'] | null = null
  @state() private codeSent = false
  /** The access tokens that still work after the password change just made (a new password does not end them). */
  @state() private liveTokens: AccessToken[] = []

  override connectedCallback() {
    super.connectedCallback()
    void this.loadPendingEmail()
  }

  /** A change asked for earlier (another visit, another device) still shows, with its Cancel. */
  private async loadPendingEmail() {
    try {
      this.pendingEmail = (await api.profile()).pendingEmail ?? null
    } catch {
      // The form works without it; a failed read says nothing the next save would not.
    }
  }

  private get changingEmail(): boolean {
    const draft = this.emailDraft.trim().toLowerCase()
    return draft !== '' && draft !== this.user.email
  }

  private async mailCode() {
    try {
      await api.requestCode(this.user.email)
      this.codeSent = true
    } catch (error) {
      this.profileError = (error as Error).message
    }
  }

  private async saveProfile(event: SubmitEvent) {
    event.preventDefault()
    const formElement = event.target as HTMLFormElement
    const form = new FormData(formElement)
    this.profileSaved = false
    try {
      const { pendingEmail, ...user } = await api.updateProfile({
        name: String(form.get('name') ?? '').trim(),
        email: String(form.get('email') ?? '').trim(),
        ...(this.changingEmail ? proofOf(form) : {}),
      })
      this.profileError = ''
      this.profileSaved = true
      this.pendingEmail = pendingEmail ?? this.pendingEmail
      this.emailDraft = ''
      this.codeSent = false
      const email = formElement.elements.namedItem('email') as HTMLInputElement
      email.value = user.email
      this.dispatchEvent(new CustomEvent<User>('svc-user-changed', { detail: user, bubbles: true, composed: true }))
    } catch (error) {
      this.profileError = (error as Error).message
    }
  }

  private async cancelEmailChange() {
    try {
      await api.cancelEmailChange()
      this.pendingEmail = null
    } catch (error) {
      this.profileError = (error as Error).message
    }
  }

  /** The "Revoke all" after a password change: ends every access token, then the list below shows none. */
  private async revokeAllTokens() {
    try {
      await api.revokeAllTokens()
      this.liveTokens = []
      await this.renderRoot.querySelector('svc-access-tokens')?.load()
    } catch (error) {
      this.passwordError = (error as Error).message
    }
  }

  private renderLiveTokens() {
    if (this.liveTokens.length === 0) return nothing
    return html`<div class="live-tokens" role="status">
      <p>
        Your password changed, but these access tokens still work:
        ${this.liveTokens.map((token, i) => html`${i > 0 ? ', ' : ''}<strong>${token.name}</strong> (<code>${token.prefix}…</code>)`)}.
        If any is not yours, revoke them.
      </p>
      <button type="button" class="danger" @click=${() => this.revokeAllTokens()}>Revoke all access tokens</button>
    </div>`
  }

  private async savePassword(event: SubmitEvent) {
    event.preventDefault()
    const formElement = event.target as HTMLFormElement
    const form = new FormData(formElement)
    const newPassword = String(form.get('newPassword') ?? '')
    this.passwordSaved = false
    if (newPassword !== String(form.get('repeat') ?? '')) {
      this.passwordError = 'The two new passwords differ; type the same one twice.'
      return
    }
    try {
      const { tokens } = await api.changePassword({ newPassword, ...proofOf(form) })
      this.liveTokens = tokens
      this.passwordError = ''
      this.passwordSaved = true
      this.codeSent = false
      formElement.reset()
      if (!this.user.hasPassword) {
        this.dispatchEvent(
          new CustomEvent<User>('svc-user-changed', {
            detail: { ...this.user, hasPassword: true },
            bubbles: true,
            composed: true,
          }),
        )
      }
    } catch (error) {
      this.passwordError = (error as Error).message
    }
  }

  private renderPending() {
    const pending = this.pendingEmail
    if (!pending) return nothing
    return html`<div class="pending" role="status">
      <p>
        A confirmation link went to <strong>${pending.email}</strong>. Your e-mail changes when you follow it (until
        ${formatDateTime(pending.expiresAt)}); ${this.user.email} was told.
      </p>
      <button class="small" type="button" @click=${this.cancelEmailChange}>Cancel the change</button>
    </div>`
  }

  override render() {
    const user = this.user
    const method = user.hasPassword ? 'password' : 'code'
    const mailCode = () => void this.mailCode()
    return html`<h1>Account</h1>
      <div class="grid">
        <section class="panel" aria-labelledby="profile-title">
          <header><h2 id="profile-title">Profile</h2></header>
          <form class="body" @submit=${this.saveProfile} @input=${() => (this.profileSaved = false)}>
            ${this.profileError ? html`<p class="error" role="alert">${this.profileError}</p>` : nothing}
            <label>Name<input name="name" dir="auto" autocomplete="name" .value=${user.name ?? ''} /></label>
            <label
              >E-mail<input
                name="email"
                type="email"
                autocomplete="email"
                required
                .value=${user.email}
                @input=${(event: InputEvent) => (this.emailDraft = (event.target as HTMLInputElement).value)}
            /></label>
            ${this.changingEmail ? proofFields(method, user.email, 'to change the e-mail', this.codeSent, mailCode) : nothing}
            <div class="row">
              <button class="primary" type="submit">Save profile</button>
              ${this.profileSaved ? html`<span class="saved" role="status">Saved</span>` : nothing}
            </div>
            ${this.renderPending()}
          </form>
        </section>
        <section class="panel" aria-labelledby="password-title">
          <header><h2 id="password-title">${user.hasPassword ? 'Change password' : 'Set a password'}</h2></header>
          <form class="body" @submit=${this.savePassword} @input=${() => (this.passwordSaved = false)}>
            ${this.passwordError ? html`<p class="error" role="alert">${this.passwordError}</p>` : nothing}
            ${
              user.hasPassword
                ? nothing
                : html`<p class="hint">You sign in with e-mail codes. A password lets you sign in without waiting for mail.</p>`
            }
            ${proofFields(method, user.email, user.hasPassword ? '' : 'to set a password', this.codeSent, mailCode)}
            <label
              >New password <span class="hint">at least ${AUTH.minPasswordLength} characters</span>
              <input name="newPassword" type="password" autocomplete="new-password" minlength=${AUTH.minPasswordLength} required />
            </label>
            <label>Repeat new password<input name="repeat" type="password" autocomplete="new-password" required /></label>
            <div class="row">
              <button class="primary" type="submit">${user.hasPassword ? 'Change password' : 'Set password'}</button>
              ${this.passwordSaved ? html`<span class="saved" role="status">Password saved</span>` : nothing}
            </div>
          </form>
          ${this.renderLiveTokens()}
        </section>
      </div>
      <svc-access-tokens .user=${user}></svc-access-tokens>
      <svc-audit-log .me=${user.id}></svc-audit-log>
      <svc-account-delete .user=${user}></svc-account-delete>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-account': SvcAccount
  }
  interface HTMLElementEventMap {
    'svc-user-changed': CustomEvent<User>
  }
}
