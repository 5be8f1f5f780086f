/**
 * @module How the Data tab reads its records: order, spam mode, page size, Refresh and the
 * column picker, and the pager under the table (first, previous, next, last, go to page).
 * Templates only: the tab holds the state and says what each control does.
 */
import { html, type TemplateResult } from 'lit'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { SpamFilter } from '../../api.ts'
import { formatCount } from '../../format.ts'
import '../svc-column-picker/svc-column-picker.ts'
import type { Column } from './columns.ts'

export const PAGE_SIZES = [25, 50, 100, 250, 500, LIMITS.maxPageSize]

/** How records are read: the order, the spam mode and the page size. */
export interface ReadChoice {
  newestFirst: boolean
  spam: SpamFilter
  size: number
}

/** The view's state and what its controls change. */
export interface ViewChoice extends ReadChoice {
  /** The page shown. */
  page: number
  columns: Column[]
  hiddenColumns: ReadonlySet<string>
  /** Reads with `next` from `page`. */
  change(next: Partial<ReadChoice>, page: number): void
  refresh(): void
  setHidden(hidden: Set<string>): void
}

/**
 * Order, spam, page size, refreshing, columns. A new order or spam mode starts at page 1; a
 * new page size keeps the first record of the page in view.
 */
export function viewControls(view: ViewChoice): TemplateResult {
  const resize = (size: number) => view.change({ size }, Math.floor(((view.page - 1) * view.size) / size) + 1)
  return html`<div class="view">
    <label class="inline"
      ><input
        type="checkbox"
        name="newestFirst"
        .checked=${view.newestFirst}
        @change=${(e: Event) => view.change({ newestFirst: (e.target as HTMLInputElement).checked }, 1)}
      />
      Newest first</label
    >
    <label class="inline"
      >Spam
      <select name="spam" @change=${(e: Event) => view.change({ spam: (e.target as HTMLSelectElement).value as SpamFilter }, 1)}>
        <option value="exclude" ?selected=${view.spam === 'exclude'}>Hide</option>
        <option value="include" ?selected=${view.spam === 'include'}>Include</option>
        <option value="only" ?selected=${view.spam === 'only'}>Only spam</option>
      </select>
    </label>
    <label class="inline"
      >Per page
      <select name="size" @change=${(e: Event) => resize(Number((e.target as HTMLSelectElement).value))}>
        ${PAGE_SIZES.map((n) => html`<option value=${n} ?selected=${n === view.size}>${n}</option>`)}
      </select>
    </label>
    <button class="small refresh" @click=${() => view.refresh()}>Refresh</button>
    <svc-column-picker
      .columns=${view.columns}
      .hiddenColumns=${view.hiddenColumns}
      @svc-columns=${(e: CustomEvent<Set<string>>) => view.setHidden(e.detail)}
    ></svc-column-picker>
  </div>`
}

/** The pager: where the page is and how to move. */
export function pager(page: number, pages: number, go: (page: number) => void): TemplateResult {
  const jump = (event: SubmitEvent) => {
    event.preventDefault()
    const raw = Number(new FormData(event.target as HTMLFormElement).get('page'))
    if (Number.isInteger(raw)) go(Math.min(Math.max(1, raw), pages))
  }
  return html`<nav class="pager" aria-label="Pages">
    <button class="small first" ?disabled=${page <= 1} @click=${() => go(1)} aria-label="First page">«</button>
    <button class="small prev" ?disabled=${page <= 1} @click=${() => go(page - 1)}>Previous</button>
    <span class="page-status">Page ${formatCount(page)} of ${formatCount(pages)}</span>
    <button class="small next" ?disabled=${page >= pages} @click=${() => go(page + 1)}>Next</button>
    <button class="small last" ?disabled=${page >= pages} @click=${() => go(pages)} aria-label="Last page">»</button>
    <span class="spacer"></span>
    <form @submit=${jump}>
      <label class="inline">Go to page <input name="page" type="number" min="1" max=${pages} .value=${String(page)} /></label>
      <button class="small" type="submit">Go</button>
    </form>
  </nav>`
}
