import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { api, type User } from '../../api.ts'
import { formatCount } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { proofFields, proofOf } from '../svc-account/proof-fields.ts'
import { accountDeleteStyles } from './svc-account-delete.styles.ts'

/** What the account holds, to say what deleting it loses. */
interface Holdings {
  apps: number
  records: number
}

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`

/** What deleting loses, in words: "your 2 apps with their 1,204 records, …". */
function lossOf(holdings: Holdings): string {
  const apps =
    holdings.apps === 0
      ? 'your account (it has no apps)'
      : `your ${count(holdings.apps, 'app', 'apps')} with ${holdings.apps === 1 ? 'its' : 'their'} ${count(holdings.records, 'record', 'records')}, fields, endpoints, webhooks, scales and reports`
  return `This deletes ${apps}, and your access tokens: their endpoint URLs stop working, and svc-cli, MCP clients and scripts using your tokens are refused. It cannot be undone.`
}

/**
 * @summary The Account screen's last panel: delete the account. It says what is lost (the
 * apps and their records, counted when the form opens), asks for the account's e-mail and
 * the current password (or a mailed code), and afterwards the page is signed out.
 * @event svc-account-deleted - The account is gone; `detail` says what went with it.
 */
@customElement('svc-account-delete')
export class SvcAccountDelete extends LitElement {
  static override styles = [baseStyles, accountDeleteStyles]

  @property({ attribute: false }) user!: User

  /** null while the form is closed; the account's holdings once it is open. */
  @state() private holdings: Holdings | null = null
  @state() private error = ''
  @state() private busy = false
  @state() private codeSent = false

  private async open() {
    this.error = ''
    try {
      const apps = await api.apps()
      this.holdings = {
        apps: apps.length,
        records: apps.reduce((sum, app) => sum + app.recordCount + app.spamCount, 0),
      }
      await this.updateComplete
      this.renderRoot.querySelector<HTMLInputElement>('input[name="confirm"]')?.focus()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async close() {
    this.holdings = null
    this.error = ''
    await this.updateComplete
    this.renderRoot.querySelector<HTMLButtonElement>('button.open')?.focus()
  }

  private async mailCode() {
    try {
      await api.requestCode(this.user.email)
      this.codeSent = true
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async deleteAccount(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const holdings = this.holdings!
    this.busy = true
    try {
      await api.deleteAccount({ confirm: String(form.get('confirm') ?? '').trim(), ...proofOf(form) })
      const apps = holdings.apps === 0 ? '' : ` with its ${count(holdings.apps, 'app', 'apps')}`
      this.dispatchEvent(
        new CustomEvent<string>('svc-account-deleted', {
          detail: `Your account ${this.user.email}${apps} was deleted, and you are signed out.`,
          bubbles: true,
          composed: true,
        }),
      )
    } catch (error) {
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  private renderForm(holdings: Holdings) {
    const method = this.user.hasPassword ? 'password' : 'code'
    return html`<form class="stack" @submit=${this.deleteAccount} aria-describedby="delete-loss">
      <p class="loss" id="delete-loss">${lossOf(holdings)}</p>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <label
        >Your e-mail address <span class="hint">type ${this.user.email} to confirm</span>
        <input name="confirm" type="email" autocomplete="off" spellcheck="false" required />
      </label>
      ${proofFields(method, this.user.email, 'to delete the account', this.codeSent, () => void this.mailCode())}
      <div class="row wrap">
        <button class="danger solid" type="submit" ?disabled=${this.busy}>Delete my account</button>
        <button type="button" @click=${this.close}>Cancel</button>
      </div>
    </form>`
  }

  override render() {
    return html`<section class="panel" aria-labelledby="delete-title">
      <header><h2 id="delete-title">Delete account</h2></header>
      <div class="body stack">
        ${
          this.holdings
            ? this.renderForm(this.holdings)
            : html`<p class="hint">Deletes your apps, their records and your access tokens for good.</p>
              ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
              <div><button class="danger open" @click=${this.open}>Delete account…</button></div>`
        }
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-account-delete': SvcAccountDelete
  }
  interface HTMLElementEventMap {
    'svc-account-deleted': CustomEvent<string>
  }
}
