import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import { api, type UnlistedKey } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { unlistedKeysStyles } from './svc-unlisted-keys.styles.ts'
import { noteAccepted, sessionStore } from '../svc-records/new-columns.ts'

/** A time as the owner reads it: the date and minute, in the browser's zone. */
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * @summary The app's unlisted keys, beside the field editor: keys strangers' records hold
 * that became no field because the proposal budgets were spent. Each shows how many records
 * hold it and when it was first and last posted, with Accept to make it a field (its type
 * settled from the stored values). Nothing is shown when there are none.
 * @event svc-app-changed - After a key was accepted.
 */
@customElement('svc-unlisted-keys')
export class SvcUnlistedKeys extends LitElement {
  static override styles = [baseStyles, unlistedKeysStyles]

  @property() appId = ''
  @property({ attribute: false }) keys: UnlistedKey[] = []

  @state() private busy = false
  @state() private error = ''

  private async accept(key: UnlistedKey) {
    this.busy = true
    try {
      const accepted = await api.acceptFields(this.appId, [key.name])
      noteAccepted(
        sessionStore(),
        this.appId,
        accepted.map((field) => field.name),
      )
      this.error = ''
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  override render() {
    if (this.keys.length === 0) return nothing
    return html`<section class="panel" aria-labelledby="unlisted-title">
      <header><h2 id="unlisted-title">Unlisted keys</h2></header>
      <div class="body">
        <p class="muted">
          Anonymous posts sent these keys after the proposal budgets were spent (${LIMITS.proposalsPerClient} new fields per
          sender an hour, ${LIMITS.maxProposedFields} proposals waiting). Their values are stored with the records and exported;
          they are not on the form, the snippets or the public summary until you accept them.
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Records</th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
              <th scope="col"><span class="visually-hidden">Accept</span></th>
            </tr>
          </thead>
          <tbody>
            ${this.keys.map(
              (key) => html`<tr>
                <td class="name">${key.name}</td>
                <td class="count">${key.count}</td>
                <td>${when(key.firstSeen)}</td>
                <td>${when(key.lastSeen)}</td>
                <td>
                  <button class="small" ?disabled=${this.busy} aria-label="Accept key ${key.name}" @click=${() => this.accept(key)}>
                    Accept
                  </button>
                </td>
              </tr>`,
            )}
          </tbody>
        </table>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-unlisted-keys': SvcUnlistedKeys
  }
}
