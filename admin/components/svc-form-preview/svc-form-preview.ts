import { LitElement, html, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { keyed } from 'lit/directives/keyed.js'
import { formPreviewUrl, type Field } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { formPreviewStyles } from './svc-form-preview.styles.ts'

/**
 * @summary The app's fill-in page as a respondent sees it (the Setup tab's View form), in a
 * frame the server sandboxes: nothing typed there is sent, published or not. It loads again
 * whenever the fields it is given change, so edits in the field editor show at once.
 * @event svc-form-preview-close - The Close button was pressed.
 */
@customElement('svc-form-preview')
export class SvcFormPreview extends LitElement {
  static override styles = [baseStyles, formPreviewStyles]

  @property() appId = ''
  /** The app's fields: a new list (after any edit) loads the page again. */
  @property({ attribute: false }) fields: Field[] = []

  /** Counts the loads; a new value makes a new frame. */
  @state() private load = 0

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('fields') || changed.has('appId')) this.load++
  }

  override render() {
    return html`<section class="panel" aria-labelledby="form-preview-title">
      <header>
        <h2 id="form-preview-title">Form preview</h2>
        <button class="small ghost" @click=${() => this.dispatchEvent(new Event('svc-form-preview-close', { bubbles: true, composed: true }))}>Close</button>
      </header>
      <div class="body stack">
        <p class="hint">What respondents see on the fill-in page. Answers typed here are not sent.</p>
        ${keyed(this.load, html`<iframe title="Preview of the fill-in page" src=${formPreviewUrl(this.appId)} sandbox=""></iframe>`)}
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-form-preview': SvcFormPreview
  }
  interface HTMLElementEventMap {
    'svc-form-preview-close': Event
  }
}
