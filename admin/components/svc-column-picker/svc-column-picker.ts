import { LitElement, css, html, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { baseStyles } from '../../styles/base.styles.ts'
import type { Column } from '../svc-records/columns.ts'

/**
 * @summary Show or hide the records table's columns: a "Columns" button opens a list with a
 * checkbox per column (its label, the name beside it), and "Show all". Tab and Space work
 * the list; Escape (or a press elsewhere) closes it, Escape returning focus to the button.
 * @event svc-columns - `detail` is the set of hidden column names after a change.
 */
@customElement('svc-column-picker')
export class SvcColumnPicker extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        position: relative;
        display: inline-block;
      }
      .list {
        position: absolute;
        inset-inline-end: 0;
        top: calc(100% + 4px);
        z-index: 5;
        width: max-content;
        min-width: 220px;
        max-width: min(360px, calc(100vw - 32px));
        max-height: 60vh;
        overflow: auto;
        padding: 10px 12px;
        display: grid;
        gap: 6px;
        background: var(--svc-panel);
        border: 1px solid var(--svc-border-strong);
        border-radius: var(--svc-radius);
        box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
      }
      .list label {
        display: flex;
        align-items: center;
        gap: 8px;
        font-weight: 400;
        overflow-wrap: anywhere;
      }
      .name {
        font: 11.5px var(--svc-mono);
        color: var(--svc-muted);
      }
      .list button {
        justify-self: start;
      }
      /* A phone: the list opens in the flow, under its button, across the width. */
      @media (max-width: 760px) {
        :host([open]) {
          flex-basis: 100%;
        }
        .list {
          position: static;
          margin-top: 6px;
          width: auto;
          max-width: none;
          box-shadow: none;
        }
      }
    `,
  ]

  @property({ attribute: false }) columns: Column[] = []
  /** The names of the columns hidden now. */
  @property({ attribute: false }) hiddenColumns: ReadonlySet<string> = new Set()
  /** The list is open (reflected, so the styles can give it the width on a phone). */
  @property({ type: Boolean, reflect: true }) open = false

  override connectedCallback() {
    super.connectedCallback()
    document.addEventListener('pointerdown', this.outside)
    document.addEventListener('keydown', this.escape)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    document.removeEventListener('pointerdown', this.outside)
    document.removeEventListener('keydown', this.escape)
  }

  /** A press anywhere else closes the list, as a menu does. */
  private outside = (event: PointerEvent) => {
    if (this.open && !event.composedPath().includes(this)) this.open = false
  }

  /** Escape closes the list wherever focus is, and focus goes back to the button. */
  private escape = (event: KeyboardEvent) => {
    if (this.open && event.key === 'Escape') this.close()
  }

  private toggle(name: string, shown: boolean) {
    const hidden = new Set(this.hiddenColumns)
    if (shown) hidden.delete(name)
    else hidden.add(name)
    this.dispatchEvent(new CustomEvent('svc-columns', { detail: hidden }))
  }

  private close() {
    this.open = false
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button.columns')?.focus())
  }

  override render() {
    const hidden = this.columns.filter((c) => this.hiddenColumns.has(c.name)).length
    return html`<button
        class="small columns"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="column-list"
        @click=${() => (this.open = !this.open)}
      >
        Columns${hidden > 0 ? ` (${hidden} hidden)` : ''}
      </button>
      ${
        this.open
          ? html`<div
              class="list"
              id="column-list"
              role="group"
              aria-label="Columns shown"
              @keydown=${(e: KeyboardEvent) => {
                if (e.key !== 'Escape') return
                e.stopPropagation()
                this.close()
              }}
            >
              ${this.columns.map(
                (c) => html`<label
                  ><input
                    type="checkbox"
                    .checked=${!this.hiddenColumns.has(c.name)}
                    @change=${(e: Event) => this.toggle(c.name, (e.target as HTMLInputElement).checked)}
                  /><span dir="auto">${c.label}</span>${c.label === c.name ? nothing : html`<span class="name" dir="auto">${c.name}</span>`}</label
                >`,
              )}
              <button class="small ghost" ?disabled=${hidden === 0} @click=${() => this.dispatchEvent(new CustomEvent('svc-columns', { detail: new Set<string>() }))}>
                Show all
              </button>
            </div>`
          : nothing
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-column-picker': SvcColumnPicker
  }
  interface HTMLElementEventMap {
    'svc-columns': CustomEvent<Set<string>>
  }
}
