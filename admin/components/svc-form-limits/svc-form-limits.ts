import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import { NOT_UNIQUE_TYPES } from '../../../server/contract/share/closing.ts'
import { api, type Field, type Share } from '../../api.ts'
import { formatDateTime } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { formLimitsStyles } from './svc-form-limits.styles.ts'

/** `closesAt` (ISO) as a datetime-local input shows it: the browser's own time, to the minute. */
function localInput(iso: string | null): string {
  if (iso === null) return ''
  const at = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** What the status line says of a form's limits. */
function stateText(share: Share): string {
  if (!share.closedNow) {
    return share.closeAfter === null
      ? 'Taking responses.'
      : `Taking responses: ${share.records} of ${share.closeAfter} places taken.`
  }
  if (share.closed) return 'Closed by hand: the form shows your closed text and refuses posts.'
  if (share.closesAt !== null && Date.parse(share.closesAt) <= Date.now())
    return `Closed since ${formatDateTime(share.closesAt)}.`
  return `Closed: all ${share.closeAfter} places are taken.`
}

/** A number of days records are kept, with its hint; empty keeps them for ever. */
const daysInput = (name: string, label: string, days: number | null) =>
  html`<label
    >${label}
    <span class="hint" id="${name}-hint">Days; older ones go with their files within the hour. Empty keeps them.</span>
    <input
      name=${name}
      type="number"
      inputmode="numeric"
      min="1"
      max=${LIMITS.maxKeepDays}
      step="1"
      aria-describedby="${name}-hint"
      .value=${days === null ? '' : String(days)}
    />
  </label>`

/**
 * @summary The limits of a form (Sharing → Limits): close it by hand, after a number of
 * records or at a date and time, the text the closed form shows, and one response per
 * browser or per value of a field. Saved together with one button; the status line says
 * whether the form takes responses now (the server's `closedNow`).
 * @event svc-app-changed - After the limits were saved.
 */
@customElement('svc-form-limits')
export class SvcFormLimits extends LitElement {
  static override styles = [baseStyles, formLimitsStyles]

  @property() appId = ''
  @property({ attribute: false }) share: Share | null = null
  /** The app's fields: the choices of "one response per value of". */
  @property({ attribute: false }) fields: Field[] = []

  @state() private error = ''
  @state() private saved = false
  @state() private busy = false

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const closesAt = text('closesAt')
    const unique = text('uniqueField')
    this.busy = true
    this.error = ''
    try {
      this.share = await api.updateShare(this.appId, {
        closed: form.get('closed') !== null,
        closeAfter: text('closeAfter') === '' ? null : Number(text('closeAfter')),
        closesAt: closesAt === '' ? null : new Date(closesAt).toISOString(),
        closedMessage: String(form.get('closedMessage') ?? ''),
        onePerBrowser: form.get('onePerBrowser') !== null,
        uniqueField: unique === '' ? null : unique,
        keepRecordsDays: text('keepRecordsDays') === '' ? null : Number(text('keepRecordsDays')),
        keepSpamDays: text('keepSpamDays') === '' ? null : Number(text('keepSpamDays')),
      })
      this.saved = true
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.error = (error as Error).message
      this.saved = false
    } finally {
      this.busy = false
    }
  }

  override render() {
    const share = this.share
    if (!share) return nothing
    const choices = this.fields.filter((field) => !NOT_UNIQUE_TYPES.includes(field.type) && !field.proposed)
    return html`<section class="panel" aria-labelledby="limits-title">
      <header><h2 id="limits-title">Limits</h2></header>
      <div class="body">
        <form
          @submit=${this.save}
          @input=${() => {
            this.saved = false
            this.error = ''
          }}
        >
          <p class="state ${share.closedNow ? 'closed' : ''}" role="status">${stateText(share)}</p>
          <label class="inline"><input type="checkbox" name="closed" .checked=${share.closed} /> Closed</label>
          <div class="pair">
            <label
              >Close after
              <span class="hint" id="close-after-hint">Records; spam takes no place. Empty for no limit.</span>
              <input
                name="closeAfter"
                type="number"
                inputmode="numeric"
                min="1"
                max=${LIMITS.maxCloseAfter}
                step="1"
                aria-describedby="close-after-hint"
                .value=${share.closeAfter === null ? '' : String(share.closeAfter)}
              />
            </label>
            <label
              >Close at
              <span class="hint" id="closes-at-hint">Your local time. Empty for never.</span>
              <input name="closesAt" type="datetime-local" aria-describedby="closes-at-hint" .value=${localInput(share.closesAt)} />
            </label>
          </div>
          <label
            >Closed message
            <span class="hint" id="closed-message-hint">Empty for “This form is closed and no longer takes responses.”</span>
            <textarea
              name="closedMessage"
              rows="2"
              maxlength=${LIMITS.maxClosedMessage}
              aria-describedby="closed-message-hint"
              .value=${share.closedMessage}
            ></textarea>
          </label>
          <label class="inline"
            ><input type="checkbox" name="onePerBrowser" .checked=${share.onePerBrowser} /> One response per browser</label
          >
          <label
            >One response per value of
            <span class="hint" id="unique-hint">E-mail addresses are compared ignoring case.</span>
            <select name="uniqueField" aria-describedby="unique-hint">
              <option value="" ?selected=${share.uniqueField === null}>No field</option>
              ${choices.map(
                (field) =>
                  html`<option value=${field.name} ?selected=${share.uniqueField === field.name}>${field.label || field.name}</option>`,
              )}
            </select>
          </label>
          <div class="pair">
            ${daysInput('keepRecordsDays', 'Delete records after', share.keepRecordsDays)}
            ${daysInput('keepSpamDays', 'Delete spam after', share.keepSpamDays)}
          </div>
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.busy}>Save limits</button>
            ${this.saved ? html`<span class="saved" role="status">Saved</span>` : nothing}
          </div>
        </form>
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-form-limits': SvcFormLimits
  }
}
