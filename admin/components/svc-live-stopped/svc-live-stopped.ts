import { LitElement, html, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { baseStyles } from '../../styles/base.styles.ts'
import { liveStoppedStyles } from './svc-live-stopped.styles.ts'

/**
 * @summary The quiet line a live screen shows once its updates stopped for good (the app
 * deleted, the stream refused): `message` and a Reload button; nothing while it is empty.
 * The polite live region is always there, so the message is announced when it appears.
 */
@customElement('svc-live-stopped')
export class SvcLiveStopped extends LitElement {
  static override styles = [baseStyles, liveStoppedStyles]

  /** Why live updates stopped; '' while they run (reflected, so a layout can keep the empty line out of its flow). */
  @property({ reflect: true }) message = ''

  override render() {
    return html`<span role="status">${this.message}</span>
      ${this.message ? html`<button class="small reload" @click=${() => location.reload()}>Reload</button>` : nothing}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-live-stopped': SvcLiveStopped
  }
}
