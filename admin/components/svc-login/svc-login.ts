import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { AUTH } from '../../../server/contract/limits.ts'
import { ApiError, api, type AuthOptions, type User } from '../../api.ts'
import { problemsOf } from '../../assessment-api.ts'
import { setScreenTitle } from '../../title.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { loginStyles } from './svc-login.styles.ts'

type Mode = 'password' | 'code' | 'signup' | 'reset'

/**
 * @summary Sign in with a password or an e-mail code, reset a forgotten password with an
 * e-mail code, or create an account when the server's sign-up policy allows it (a fresh
 * server opens here on sign-up).
 * @event svc-signed-in - The session cookie is set; `detail` is the user.
 */
/** The body keys of the log-in forms as their labels say them. */
const FIELD_WORDS: Record<string, string> = {
  email: 'E-mail',
  password: 'Password',
  newPassword: 'New password',
  name: 'Name',
  code: 'Code',
}

/**
 * A refusal as the form's own words: "Password must be at least 8 characters", not the
 * API's "password: must be …"; anything not about one of the form's fields stays as sent.
 */
function inWords(error: ApiError): string {
  const problems = problemsOf(error)
  if (problems.length === 0 || !problems.every((p) => Object.hasOwn(FIELD_WORDS, p.path))) return error.message
  return problems.map((p) => `${FIELD_WORDS[p.path]} ${p.message.replace(/\.$/, '')}.`).join(' ')
}

@customElement('svc-login')
export class SvcLogin extends LitElement {
  static override styles = [baseStyles, loginStyles]

  /** Said first, above the form: why this page is signed out (the account was just deleted). */
  @property() notice = ''

  @state() private options: AuthOptions | null = null
  @state() private mode: Mode = 'password'
  @state() private codeSentTo: string | null = null
  /** The server answered code_required: the password log-in also needs the code it mailed (many failed log-ins lately). */
  @state() private passwordNeedsCode = false
  @state() private busy = false
  @state() private error = ''
  @state() private info = ''

  override connectedCallback() {
    super.connectedCallback()
    void this.loadOptions()
  }

  private async loadOptions() {
    try {
      this.options = await api.options()
      // The very first visit of a fresh server has nobody to sign in: lead to sign-up.
      if (this.options.signup === 'first' && this.options.signupAllowed) this.mode = 'signup'
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  /** The tabs' keys (WAI-ARIA tabs): arrows, Home and End choose another method and move focus to its tab. */
  private readonly onTabKey = async (event: KeyboardEvent) => {
    const order: Mode[] = ['password', 'code']
    const at = order.indexOf(this.mode)
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: order.length - 1 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    const mode = order[(to + order.length) % order.length]
    this.select(mode)
    await this.updateComplete
    this.renderRoot.querySelector<HTMLButtonElement>(`[role="tab"][data-mode="${mode}"]`)?.focus()
  }

  private select(mode: Mode) {
    this.mode = mode
    this.error = ''
    this.info = ''
    this.codeSentTo = null
    this.passwordNeedsCode = false
  }

  private async run(action: () => Promise<{ user: User } | undefined>) {
    this.busy = true
    this.error = ''
    try {
      const result = await action()
      if (result)
        this.dispatchEvent(
          new CustomEvent<User>('svc-signed-in', { detail: result.user, bubbles: true, composed: true }),
        )
    } catch (error) {
      this.error = error instanceof ApiError ? inWords(error) : String(error)
    } finally {
      this.busy = false
    }
  }

  private onSubmit(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    if (this.mode === 'password') {
      const code = this.passwordNeedsCode ? value('code').replace(/\s+/g, '') : undefined
      return this.run(async () => {
        try {
          return await api.login({ email: value('email'), password: String(form.get('password') ?? ''), code })
        } catch (error) {
          if (!(error instanceof ApiError) || error.type !== 'code_required') throw error
          // Not a failure to show in red: the next step, with the code field focused.
          this.passwordNeedsCode = true
          this.info = error.message
          await this.updateComplete
          this.renderRoot.querySelector<HTMLInputElement>('input[name="code"]')?.focus()
        }
      })
    }
    if (this.mode === 'signup') {
      const password = String(form.get('password') ?? '')
      return this.run(() =>
        api.signup({ email: value('email'), name: value('name') || undefined, password: password || undefined }),
      )
    }
    if (this.codeSentTo === null) {
      const email = value('email')
      return this.run(async (): Promise<undefined> => {
        const sent = await api.requestCode(email)
        this.codeSentTo = email
        this.info = `If an account exists for ${email}, a ${AUTH.codeDigits}-digit code is on its way. It is valid for ${Math.round(sent.expiresInSeconds / 60)} minutes.`
      })
    }
    const code = value('code').replace(/\s+/g, '')
    if (this.mode === 'reset') {
      const newPassword = String(form.get('newPassword') ?? '')
      if (newPassword !== String(form.get('repeatPassword') ?? '')) {
        this.error = 'The two passwords differ; type the same new password twice.'
        return
      }
      return this.run(() => api.resetPassword({ email: this.codeSentTo!, code, newPassword }))
    }
    return this.run(() => api.verifyCode(this.codeSentTo!, code))
  }

  private renderFields() {
    const busy = this.busy
    if (this.mode === 'signup') {
      return html`<label>E-mail<input name="email" type="email" autocomplete="email" required autofocus /></label>
        <label><span>Name <span class="hint">optional</span></span><input name="name" autocomplete="name" /></label>
        <label
          ><span>Password <span class="hint">optional</span></span>
          <input name="password" type="password" autocomplete="new-password" minlength=${AUTH.minPasswordLength} aria-describedby="password-hint" />
        </label>
        <p class="hint" id="password-hint">At least ${AUTH.minPasswordLength} characters. Without one you sign in with a code we e-mail you.</p>
        <button class="primary" type="submit" ?disabled=${busy}>Create account</button>`
    }
    if (this.mode === 'password') {
      return html`<label>E-mail<input name="email" type="email" autocomplete="username" required autofocus /></label>
        <label>Password<input name="password" type="password" autocomplete="current-password" required /></label>
        ${
          this.passwordNeedsCode
            ? html`<p class="notice" role="status">${this.info}</p>
                <label>Code from the e-mail
                <input class="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required />
              </label>`
            : ''
        }
        <button class="primary" type="submit" ?disabled=${busy}>Sign in</button>
        <button type="button" class="ghost small" @click=${() => this.select('reset')}>Forgot your password?</button>`
    }
    if (this.codeSentTo === null) {
      return html`<label>E-mail<input name="email" type="email" autocomplete="username" required autofocus /></label>
        <button class="primary" type="submit" ?disabled=${busy}>Send me a code</button>`
    }
    if (this.mode === 'reset') {
      return html`<p class="notice" role="status">${this.info}</p>
        <label
          >Code
          <input class="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required autofocus />
        </label>
        <label
          >New password <span class="hint">at least ${AUTH.minPasswordLength} characters; every other session is signed out</span>
          <input name="newPassword" type="password" autocomplete="new-password" minlength=${AUTH.minPasswordLength} required />
        </label>
        <label>New password again<input name="repeatPassword" type="password" autocomplete="new-password" required /></label>
        <button class="primary" type="submit" ?disabled=${busy}>Set password and sign in</button>
        <button type="button" class="ghost small" @click=${() => this.select('reset')}>Use another e-mail</button>`
    }
    return html`<p class="notice" role="status">${this.info}</p>
      <label
        >Code
        <input class="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required autofocus />
      </label>
      <button class="primary" type="submit" ?disabled=${busy}>Sign in</button>
      <button type="button" class="ghost small" @click=${() => this.select('code')}>Use another e-mail</button>`
  }

  /** No account exists yet and this visitor may create the first one. */
  private get firstRun(): boolean {
    return this.options?.signup === 'first' && this.options.signupAllowed === true
  }

  private get heading(): string {
    return this.mode === 'signup'
      ? this.firstRun
        ? 'Welcome to svc'
        : 'Create an account'
      : this.mode === 'reset'
        ? 'Reset your password'
        : 'Sign in'
  }

  protected override updated(changed: PropertyValues<this>) {
    setScreenTitle(this.heading)
    // Read first: the page was signed out because the account is gone.
    if (changed.has('notice') && this.notice) this.renderRoot.querySelector<HTMLElement>('.farewell')?.focus()
  }

  override render() {
    const { options, firstRun, heading: title } = this
    return html`<main class="card">
      <div class="brand"><span class="logo" aria-hidden="true">s</span><strong>svc admin</strong></div>
      ${this.notice ? html`<p class="notice farewell" role="status" tabindex="-1">${this.notice}</p>` : nothing}
      <h1>${title}</h1>
      <p class="intro">
        ${
          this.mode === 'signup'
            ? firstRun
              ? 'This server has no accounts yet. Create the first one; it owns everything you set up here.'
              : 'Create an account to collect records.'
            : this.mode === 'reset'
              ? 'We e-mail you a code; with it you choose a new password.'
              : 'Sign in to manage your apps and records.'
        }
      </p>
      ${
        this.mode === 'password' || this.mode === 'code'
          ? html`<div class="tabs" role="tablist" aria-label="Sign-in method">
            <button role="tab" aria-selected=${this.mode === 'password'} tabindex=${this.mode === 'password' ? 0 : -1} data-mode="password" @click=${() => this.select('password')} @keydown=${this.onTabKey}>Password</button>
            <button role="tab" aria-selected=${this.mode === 'code'} tabindex=${this.mode === 'code' ? 0 : -1} data-mode="code" @click=${() => this.select('code')} @keydown=${this.onTabKey}>E-mail code</button>
          </div>`
          : nothing
      }
      <form @submit=${this.onSubmit} novalidate>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderFields()}
      </form>
      ${
        options?.signupAllowed && this.mode !== 'signup'
          ? html`<p class="switch">No account yet? <button @click=${() => this.select('signup')}>Create one</button></p>`
          : nothing
      }
      ${
        this.mode === 'signup' && !firstRun
          ? html`<p class="switch">Have an account? <button @click=${() => this.select('password')}>Sign in</button></p>`
          : nothing
      }
      ${
        this.mode === 'reset'
          ? html`<p class="switch">Remembered it? <button @click=${() => this.select('password')}>Sign in</button></p>`
          : nothing
      }
      ${
        (this.mode === 'code' || this.mode === 'reset') && options && !options.smtp
          ? html`<p class="switch hint">This server has no SMTP configured: the code is written to the server's log.</p>`
          : nothing
      }
    </main>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-login': SvcLogin
  }
  interface HTMLElementEventMap {
    'svc-signed-in': CustomEvent<User>
  }
}
