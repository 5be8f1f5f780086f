import { LitElement, html } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { baseStyles } from '../../styles/base.styles.ts'
import { confirmStyles } from './svc-confirm.styles.ts'

export interface ConfirmRequest {
  title: string
  /** Text before the emphasised name, e.g. "This deletes the app". */
  message: string
  /** A user-supplied name shown in bold (as text), e.g. the app's name. */
  name?: string
  /** Text after the name. */
  after?: string
  confirmLabel: string
  danger?: boolean
}

/** The focused element, looking inside shadow roots (the admin's controls live in components). */
function deepActiveElement(): HTMLElement | null {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  return element instanceof HTMLElement ? element : null
}

/**
 * @summary A modal yes/no question (native `<dialog>`: focus trap, Escape cancels); focus
 * goes back to the control that asked once it closes. Call `ask()` and await the answer.
 */
@customElement('svc-confirm')
export class SvcConfirm extends LitElement {
  static override styles = [baseStyles, confirmStyles]

  @state() private request: ConfirmRequest | null = null
  @query('dialog') private dialog!: HTMLDialogElement
  private resolve: ((ok: boolean) => void) | null = null
  /** What had focus when the question was asked: it gets focus back. */
  private opener: HTMLElement | null = null

  /** Opens the dialog; resolves true when confirmed, false on cancel or Escape. */
  async ask(request: ConfirmRequest): Promise<boolean> {
    this.resolve?.(false)
    this.opener = deepActiveElement()
    this.request = request
    await this.updateComplete
    this.dialog.showModal()
    this.renderRoot.querySelector<HTMLButtonElement>('button.cancel')?.focus()
    return new Promise((resolve) => (this.resolve = resolve))
  }

  private finish(ok: boolean) {
    if (this.dialog.open) this.dialog.close()
    if (this.resolve && this.opener?.isConnected) this.opener.focus()
    this.opener = null
    this.resolve?.(ok)
    this.resolve = null
  }

  override render() {
    const r = this.request
    return html`<dialog aria-labelledby="title" aria-describedby="message" @close=${() => this.finish(false)}>
      ${
        r
          ? html`<div class="content">
              <h2 id="title">${r.title}</h2>
              <p class="message" id="message">
                ${r.message}${r.name !== undefined ? html` <span class="name" dir="auto">“${r.name}”</span>` : ''}${r.after ?? ''}
              </p>
            </div>
            <footer>
              <button class="cancel" @click=${() => this.finish(false)}>Cancel</button>
              <button class=${r.danger ? 'danger solid confirm' : 'primary confirm'} @click=${() => this.finish(true)}>${r.confirmLabel}</button>
            </footer>`
          : ''
      }
    </dialog>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-confirm': SvcConfirm
  }
}
