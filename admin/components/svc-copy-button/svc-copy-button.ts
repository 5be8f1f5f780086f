import { LitElement, html } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { baseStyles } from '../../styles/base.styles.ts'
import { copyButtonStyles } from './svc-copy-button.styles.ts'

/**
 * @summary Copies `value` to the clipboard and says so for two seconds.
 * @event svc-copied - After a successful copy; `detail` is the copied text.
 */
@customElement('svc-copy-button')
export class SvcCopyButton extends LitElement {
  static override styles = [baseStyles, copyButtonStyles]

  /** The text to copy. */
  @property() value = ''
  /** Accessible label, e.g. "Copy endpoint URL". */
  @property() label = 'Copy'

  @state() private copied = false
  private timer: ReturnType<typeof setTimeout> | undefined

  private async copy() {
    try {
      await navigator.clipboard.writeText(this.value)
    } catch {
      // Clipboard API refused (insecure origin or permissions): fall back to a hidden textarea.
      const area = document.createElement('textarea')
      area.value = this.value
      document.body.append(area)
      area.select()
      document.execCommand('copy')
      area.remove()
    }
    this.copied = true
    clearTimeout(this.timer)
    this.timer = setTimeout(() => (this.copied = false), 2000)
    this.dispatchEvent(new CustomEvent<string>('svc-copied', { detail: this.value, bubbles: true, composed: true }))
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    clearTimeout(this.timer)
  }

  override render() {
    return html`<button class="small ${this.copied ? 'copied' : ''}" aria-label=${this.label} @click=${this.copy}>
      ${this.copied ? 'Copied' : 'Copy'}
    </button>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-copy-button': SvcCopyButton
  }
  interface HTMLElementEventMap {
    'svc-copied': CustomEvent<string>
  }
}
