import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { AUTH } from '../../../server/core/limits.ts'
import { api, type User } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-access-tokens/svc-access-tokens.ts'
import { accountStyles } from './svc-account.styles.ts'

/**
 * @summary The Account screen: profile (name, e-mail), password, and access tokens.
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

  private async saveProfile(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    this.profileSaved = false
    try {
      const user = await api.updateProfile({ name: String(form.get('name') ?? '').trim(), email: String(form.get('email') ?? '').trim() })
      this.profileError = ''
      this.profileSaved = true
      this.dispatchEvent(new CustomEvent<User>('svc-user-changed', { detail: user, bubbles: true, composed: true }))
    } catch (error) {
      this.profileError = (error as Error).message
    }
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
      const currentPassword = String(form.get('currentPassword') ?? '')
      await api.changePassword({ newPassword, ...(this.user.hasPassword ? { currentPassword } : {}) })
      this.passwordError = ''
      this.passwordSaved = true
      formElement.reset()
      if (!this.user.hasPassword) {
        this.dispatchEvent(new CustomEvent<User>('svc-user-changed', { detail: { ...this.user, hasPassword: true }, bubbles: true, composed: true }))
      }
    } catch (error) {
      this.passwordError = (error as Error).message
    }
  }

  override render() {
    const user = this.user
    return html`<h1>Account</h1>
      <div class="grid">
        <section class="panel" aria-labelledby="profile-title">
          <header><h2 id="profile-title">Profile</h2></header>
          <form class="body" @submit=${this.saveProfile} @input=${() => (this.profileSaved = false)}>
            ${this.profileError ? html`<p class="error" role="alert">${this.profileError}</p>` : nothing}
            <label>Name<input name="name" dir="auto" autocomplete="name" .value=${user.name ?? ''} /></label>
            <label>E-mail<input name="email" type="email" autocomplete="email" required .value=${user.email} /></label>
            <div class="row">
              <button class="primary" type="submit">Save profile</button>
              ${this.profileSaved ? html`<span class="saved" role="status">Saved</span>` : nothing}
            </div>
          </form>
        </section>
        <section class="panel" aria-labelledby="password-title">
          <header><h2 id="password-title">${user.hasPassword ? 'Change password' : 'Set a password'}</h2></header>
          <form class="body" @submit=${this.savePassword} @input=${() => (this.passwordSaved = false)}>
            ${this.passwordError ? html`<p class="error" role="alert">${this.passwordError}</p>` : nothing}
            ${user.hasPassword
              ? html`<label>Current password<input name="currentPassword" type="password" autocomplete="current-password" required /></label>`
              : html`<p class="hint">You sign in with e-mail codes. A password lets you sign in without waiting for mail.</p>`}
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
        </section>
      </div>
      <svc-access-tokens></svc-access-tokens>`
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
