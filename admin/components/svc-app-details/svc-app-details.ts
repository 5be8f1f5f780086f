import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import { api, type App } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { appDetailsStyles } from './svc-app-details.styles.ts'

/**
 * @summary An app's name and description.
 * @event svc-app-changed - After a successful save.
 */
@customElement('svc-app-details')
export class SvcAppDetails extends LitElement {
  static override styles = [baseStyles, appDetailsStyles]

  @property({ attribute: false }) app!: App

  @state() private error = ''
  @state() private saved = false
  @state() private busy = false

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    this.busy = true
    this.saved = false
    try {
      await api.updateApp(this.app.id, {
        name: String(form.get('name') ?? '').trim(),
        description: String(form.get('description') ?? ''),
      })
      this.error = ''
      this.saved = true
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  override render() {
    return html`<section class="panel" aria-labelledby="details-title">
      <header><h2 id="details-title">Details</h2></header>
      <form class="body" @submit=${this.save} @input=${() => (this.saved = false)}>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
        <label>Name<input name="name" dir="auto" required maxlength=${LIMITS.maxAppNameLength} .value=${this.app.name} /></label>
        <label
          >Description
          <textarea name="description" dir="auto" maxlength=${LIMITS.maxDescriptionLength} .value=${this.app.description ?? ''}></textarea>
        </label>
        <div class="actions">
          <button class="primary" type="submit" ?disabled=${this.busy}>Save</button>
          ${this.saved ? html`<span class="saved" role="status">Saved</span>` : nothing}
        </div>
      </form>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-app-details': SvcAppDetails
  }
}
