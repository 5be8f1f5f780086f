/**
 * @module The bar of the Data tab's selection: how many records are selected and what can
 * be done with them (mark as spam or not, offered by what the selected rows are; delete,
 * where the caller's role may; clear), shown only while something is selected; the
 * toolbar's count and the delete question.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { RecordsPage, SpamFilter, SvcRecord } from '../../api.ts'
import { formatCount } from '../../format.ts'

export interface Selection {
  count: number
  /** The selected records on this page. */
  onPage: SvcRecord[]
  mark(spam: boolean): void
  /** Deletes the selected records; absent where the caller's role may not (records:delete is an admin's). */
  remove?: () => void
  clear(): void
}

/** The selection bar, or nothing with nothing selected. */
export function selectionBar(selection: Selection): TemplateResult | typeof nothing {
  if (selection.count === 0) return nothing
  const { onPage, remove } = selection
  return html`<div class="selection" role="region" aria-label="Selected records">
    <strong>${selection.count} selected</strong>
    ${onPage.some((r) => !r.spam) ? html`<button class="small mark-spam" @click=${() => selection.mark(true)}>Mark as spam</button>` : nothing}
    ${onPage.some((r) => r.spam) ? html`<button class="small not-spam" @click=${() => selection.mark(false)}>Not spam</button>` : nothing}
    ${remove ? html`<button class="small danger delete-selected" @click=${() => remove()}>Delete selected</button>` : nothing}
    <button class="small ghost" @click=${() => selection.clear()}>Clear selection</button>
  </div>`
}

/** What the confirm dialog asks before deleting `count` selected records. */
export const deleteQuestion = (count: number) => ({
  title: count === 1 ? 'Delete record' : `Delete ${count} records`,
  message: `This permanently deletes ${count === 1 ? 'the selected record' : `the ${count} selected records`}. This cannot be undone.`,
  confirmLabel: 'Delete',
  danger: true,
})

/** The toolbar's count: "1,204 matching spam records", or '' before the first page. */
export function totalText(result: RecordsPage | null, filter: string, spam: SpamFilter): string {
  if (!result) return ''
  const kind = `${filter ? 'matching ' : ''}${spam === 'only' ? 'spam ' : ''}`
  return `${formatCount(result.total)} ${kind}record${result.total === 1 ? '' : 's'}`
}

/** `selected` with `id` chosen (`on`) or not. */
export function toggled(selected: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selected)
  if (on) next.add(id)
  else next.delete(id)
  return next
}
