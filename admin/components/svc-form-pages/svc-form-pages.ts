import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import { pagesOf } from '../../../server/contract/fields/page-check.ts'
import type { PageLayout } from '../../../server/contract/share/pages.ts'
import { api, type Field, type Share } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { formPagesStyles } from './svc-form-pages.styles.ts'

const CONDITION_EXAMPLE = '{"all": [{"field": "happy", "op": "eq", "value": "no"}]}'

/** How many pages the form has: its fields' (a field's `page` starts one), or the layout's when it names more. */
function pageCount(fields: readonly Field[], share: Share): number {
  const onForm = fields.filter((field) => !field.proposed)
  return Math.min(LIMITS.maxPages, Math.max(1, pagesOf(onForm).at(-1) ?? 1, share.pages.length))
}

/**
 * @summary The pages of a form (Sharing → Pages): a title for each page of the fill-in form,
 * shown as its heading and in "Page 2 of 3: Details", and for a page after the first a
 * condition on earlier answers (JSON, as a question's `showIf`) that skips it. Saved
 * together; the server refuses a condition on a field of the same or a later page, and the
 * card shows its message. Titles in other languages are kept as they are.
 * @event svc-app-changed - After the pages were saved.
 */
@customElement('svc-form-pages')
export class SvcFormPages extends LitElement {
  static override styles = [baseStyles, formPagesStyles]

  @property() appId = ''
  @property({ attribute: false }) share: Share | null = null
  /** The app's fields: where the pages start. */
  @property({ attribute: false }) fields: Field[] = []

  @state() private error = ''
  @state() private saved = false
  @state() private busy = false

  /** The layout the form's inputs describe (trailing pages with nothing set left out), or an error to show. */
  private layoutOf(form: FormData, count: number): PageLayout[] | string {
    const pages: PageLayout[] = []
    for (let n = 1; n <= count; n++) {
      const title = String(form.get(`title-${n}`) ?? '').trim()
      const condition = String(form.get(`showIf-${n}`) ?? '').trim()
      const kept = this.share?.pages[n - 1]?.translations
      const page: PageLayout = { title, ...(kept ? { translations: kept } : {}) }
      if (condition !== '') {
        try {
          page.showIf = JSON.parse(condition)
        } catch {
          return `Page ${n}: the condition is not JSON; write it like ${CONDITION_EXAMPLE}, or leave it empty`
        }
      }
      pages.push(page)
    }
    while (pages.length > 0 && !pages.at(-1)!.title && !pages.at(-1)!.showIf && !pages.at(-1)!.translations) pages.pop()
    return pages
  }

  private async save(event: SubmitEvent) {
    event.preventDefault()
    if (!this.share) return
    const pages = this.layoutOf(new FormData(event.target as HTMLFormElement), pageCount(this.fields, this.share))
    if (typeof pages === 'string') {
      this.error = pages
      return
    }
    this.busy = true
    this.error = ''
    try {
      this.share = await api.updateShare(this.appId, { pages: pages.length === 0 ? null : pages })
      this.saved = true
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.error = (error as Error).message
      this.saved = false
    } finally {
      this.busy = false
    }
  }

  private renderPage(n: number, page: PageLayout | undefined) {
    return html`<fieldset>
      <legend>Page ${n}</legend>
      <label
        >Title
        <input name="title-${n}" maxlength=${LIMITS.maxPageTitle} .value=${page?.title ?? ''} />
      </label>
      ${
        n === 1
          ? nothing
          : html`<label
            >Shown only when
            <span class="hint" id="show-if-${n}-hint"
              >Answers of earlier pages, as JSON: ${CONDITION_EXAMPLE}. Empty: always shown.</span
            >
            <textarea
              name="showIf-${n}"
              rows="2"
              aria-describedby="show-if-${n}-hint"
              .value=${page?.showIf ? JSON.stringify(page.showIf) : ''}
            ></textarea>
          </label>`
      }
    </fieldset>`
  }

  override render() {
    const share = this.share
    if (!share) return nothing
    const count = pageCount(this.fields, share)
    return html`<section class="panel" aria-labelledby="pages-title">
      <header><h2 id="pages-title">Pages</h2></header>
      <div class="body">
        <form
          @submit=${this.save}
          @input=${() => {
            this.saved = false
            this.error = ''
          }}
        >
          <p class="hint">A field's page starts a page of the fill-in form; each page shows its title above its questions.</p>
          ${Array.from({ length: count }, (_, i) => this.renderPage(i + 1, share.pages[i]))}
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.busy}>Save pages</button>
            ${this.saved ? html`<span class="saved" role="status">Saved</span>` : nothing}
          </div>
        </form>
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-form-pages': SvcFormPages
  }
}
