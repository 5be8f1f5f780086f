import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { fileChipStyles } from './file-chips.ts'
import { customElement, property, query, state } from 'lit/decorators.js'
import {
  ApiError,
  api,
  type App,
  type AppUrls,
  type Field,
  type RecordsPage,
  type SpamFilter,
  type SvcRecord,
} from '../../api.ts'
import { LiveRecords } from '../../live-records.ts'
import { PoliteText } from '../../polite-text.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-record-drawer/svc-record-drawer.ts'
import '../svc-record-filter/svc-record-filter.ts'
import { Arrivals, pageOfNew } from './arrivals.ts'
import { columnsOf, scoreColumnsOf } from './columns.ts'
import { recordsToolbar } from './toolbar.ts'
import { browserStore, loadHidden, saveHidden } from './hidden-columns.ts'
import { ANNOUNCE_PACE, newRecordsText } from './new-records.ts'
import { noRecords } from './no-records.ts'
import { recordsTable } from './records-table.ts'
import { sessionStore, takeAccepted } from './new-columns.ts'
import { deleteQuestion, selectionBar, toggled, totalText } from './selection-bar.ts'
import { SideScroll } from './side-scroll.ts'
import { sideScrollStyles } from './side-scroll.styles.ts'
import { recordsStyles } from './svc-records.styles.ts'
import { filterInAddress, setFilterInAddress } from './view-url.ts'
import { pager } from './view-controls.ts'

/**
 * @summary The Data tab: one page of records at a time from the paged API (so a million records
 * cost the same as ten), with a filter (conditions picked by field, an expression and a range of
 * days), ordering, page size, jump-to-page, spam mode with spam rows marked, columns shown or
 * hidden (remembered per app in this browser), selection with deletion and marking as spam or
 * not spam, refresh, exports (CSV raw if asked) and a drawer to read and correct one record. On
 * a phone the rows are cards; wider, columns beyond the box's edge are shaded and counted, and
 * fields just accepted are marked New. Records of the view that arrive while it is open are
 * counted beside the total ("Show 3 new records") and shown only when asked for
 * (docs/records.md, "Records arriving while the Data or Summary tab is open"). What changes
 * records follows the caller's role: an editor edits and marks spam, an admin or the owner
 * also deletes; a viewer reads and exports, with no selection at all.
 * @event svc-app-changed - After records were deleted, marked or edited, so counts elsewhere refresh.
 */
@customElement('svc-records')
export class SvcRecords extends LitElement {
  static override styles = [baseStyles, recordsStyles, sideScrollStyles, fileChipStyles]

  @property({ attribute: false }) app!: App

  @state() private result: RecordsPage | null = null
  @state() private fields: Field[] = []
  @state() private urls: AppUrls | null = null
  @state() private page = 1
  @state() private size = 50
  @state() private newestFirst = true
  @state() private spam: SpamFilter = 'exclude'
  /** The filter sent with every page ('' for none), and the server's message when it refused it. */
  @state() private filter = ''
  @state() private filterProblem = ''
  /** The filter the tab opened with (its address), for the filter's expression. */
  private openedWith = ''
  /**
   * The filter's controls are open on a wide screen and folded on a phone, where they would
   * fill the first screen; a filter in use or refused opens them.
   */
  @state() private filtersOpen = !matchMedia('(max-width: 640px)').matches
  private shownFilter = ''
  @state() private selected = new Set<string>()
  /** Columns this browser hides for the app (by data key). */
  @state() private hiddenColumns = new Set<string>()
  @state() private rawCsv = false
  @state() private open: SvcRecord | null = null
  @state() private loading = false
  @state() private error = ''
  /** The records the last "Show" brought onto the page, marked New until the next read. */
  @state() private fresh: ReadonlySet<string> = new Set()
  /** Fields accepted since the tab last opened (by name): their columns are marked New while it stays open. */
  @state() private newColumns: ReadonlySet<string> = new Set()
  @query('svc-confirm') private confirm!: SvcConfirm

  /** True when the caller's role edits records and marks them spam (editor and up). */
  private get edits() {
    return may(this.app.role, 'records:write')
  }

  /** True when the caller's role deletes records (admin and owner). */
  private get deletes() {
    return may(this.app.role, 'records:delete')
  }

  private readonly side = new SideScroll(this, () => this.renderRoot.querySelector('.table-wrap'))

  private readonly arrivals = new Arrivals()
  private readonly announced = new PoliteText(() => this.requestUpdate(), ANNOUNCE_PACE)
  private readonly live = new LiveRecords(this, {
    onRecord: (record) => {
      this.arrivals.add(record.id)
      this.countChanged()
    },
    onFollow: () => {
      this.arrivals.clear()
      this.countChanged()
    },
  })

  /** Guards against an older, slower response overwriting a newer one. */
  private requestSeq = 0

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('app') && changed.get('app')?.id !== this.app.id) {
      this.page = 1
      this.selected = new Set()
      // A reload or a shared link keeps the filter it was made with.
      this.filter = filterInAddress()
      this.openedWith = this.filter
      this.shownFilter = ''
      this.hiddenColumns = loadHidden(browserStore(), this.app.id)
      this.newColumns = takeAccepted(sessionStore(), this.app.id)
      // The first field accepted that is shown comes into view (a new field's column comes last).
      const first = [...this.newColumns].find((name) => !this.hiddenColumns.has(name))
      if (first !== undefined) this.side.reveal(`thead th[data-column="${CSS.escape(first)}"]`)
      void this.loadMeta()
      void this.load()
    }
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.announced.stop()
  }

  private async loadMeta() {
    try {
      const [fields, urls] = await Promise.all([api.fields(this.app.id), api.urls(this.app.id)])
      this.fields = fields.fields
      this.urls = urls
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private async load(): Promise<void> {
    const seq = ++this.requestSeq
    this.loading = true
    // The view's stream opens first, so every record the page's total leaves out comes on it.
    await this.live.follow(this.app.id, { spam: this.spam, filter: this.filter })
    if (seq !== this.requestSeq) return
    const mark = this.arrivals.mark()
    this.fresh = new Set()
    try {
      const result = await api.records(this.app.id, {
        page: this.page,
        size: this.size,
        order: this.newestFirst ? 'desc' : 'asc',
        spam: this.spam,
        filter: this.filter,
      })
      if (seq !== this.requestSeq) return
      this.filterProblem = ''
      this.shownFilter = this.filter
      const pages = Math.max(1, Math.ceil(result.total / this.size))
      if (this.page > pages && result.total > 0) {
        // Records were deleted under us: step back to the last page that exists.
        this.page = pages
        return this.load()
      }
      this.result = result
      this.error = ''
      const onPage = new Set(result.records.map((r) => r.id))
      this.arrivals.settle(mark, onPage)
      this.countChanged()
      // Keep only selections that are still on screen.
      this.selected = new Set([...this.selected].filter((id) => onPage.has(id)))
    } catch (error) {
      if (seq !== this.requestSeq) return
      // The server's word on a filter it cannot run goes under the filter field.
      // The table keeps showing the records of the last filter that ran.
      if (error instanceof ApiError && error.status === 400 && error.message.startsWith('filter:')) {
        this.filterProblem = error.message
        this.filter = this.shownFilter
        setFilterInAddress(this.app.id, this.filter)
        // A link's filter refused before any page was shown: show the unfiltered records under the message.
        if (this.result === null) {
          this.loading = false
          return this.load()
        }
        // Its stream was refused too: follow the view on screen again (the count starts afresh).
        void this.live.follow(this.app.id, { spam: this.spam, filter: this.filter })
      } else this.error = (error as Error).message
    } finally {
      if (seq === this.requestSeq) this.loading = false
    }
  }

  /** The count of new records moved: the button follows at once, the live region when it may speak. */
  private countChanged() {
    this.announced.say(this.arrivals.count > 0 ? newRecordsText(this.arrivals.count) : '')
    this.requestUpdate()
  }

  /**
   * Shows the new records: reads the page holding them (newest first page 1; oldest first the
   * page after the rows counted, which is this page while it has room: they come below), marks
   * them New and puts focus on the first, since the button that had it is gone.
   */
  private async showNew() {
    const arrived = new Set(this.arrivals.ids)
    this.page = pageOfNew(this.newestFirst ? 'desc' : 'asc', this.size, this.result?.total ?? 0)
    await this.load()
    const shown = this.result?.records.filter((r) => arrived.has(r.id)) ?? []
    this.fresh = new Set(shown.map((r) => r.id))
    await this.updateComplete
    // The first new row, else the page's first (the new ones were deleted or changed meanwhile).
    const first = shown[0] ? `tr[data-record-id="${CSS.escape(shown[0].id)}"] ` : ''
    this.renderRoot.querySelector<HTMLElement>(`${first}td.id button`)?.focus()
    this.changed()
  }

  private filtersToggled(event: Event) {
    this.filtersOpen = (event.target as HTMLDetailsElement).open
  }

  private applyFilter(filter: string) {
    this.filter = filter
    setFilterInAddress(this.app.id, filter)
    this.selected = new Set()
    this.go(1)
  }

  private go(page: number) {
    this.page = page
    void this.load()
  }

  /** Tells the app view that its counts may have moved. */
  private changed() {
    this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
  }

  private refresh() {
    void this.loadMeta()
    void this.load()
    this.changed()
  }

  private setHidden(hidden: Set<string>) {
    this.hiddenColumns = hidden
    saveHidden(browserStore(), this.app.id, hidden)
  }

  private async deleteSelected() {
    const ids = [...this.selected]
    if (!(await this.confirm.ask(deleteQuestion(ids.length)))) return
    if (this.open && ids.includes(this.open.id)) this.open = null
    await this.changeSelected(() => api.deleteRecords(this.app.id, ids))
  }

  /** Marks the selected records spam (or not): they leave or join the page, and the counts move. */
  private markSelected(spam: boolean) {
    return this.changeSelected(() => api.markSpam(this.app.id, [...this.selected], spam))
  }

  /** Changes the selected records, then clears the selection and reloads. */
  private async changeSelected(change: () => Promise<unknown>) {
    try {
      await change()
      this.selected = new Set()
      await this.load()
      this.changed()
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  /** A record was corrected in the drawer: the page shows its new values. */
  private async edited() {
    await this.load()
    this.changed()
  }

  private get pageCount() {
    return Math.max(1, Math.ceil((this.result?.total ?? 0) / this.size))
  }

  private renderToolbar() {
    return recordsToolbar({
      total: totalText(this.result, this.filter, this.spam) + (this.loading ? ' · loading…' : ''),
      arrivals: {
        count: this.arrivals.count,
        announced: this.announced.text,
        stopped: this.live.stopped,
        show: () => void this.showNew(),
      },
      exports: {
        appId: this.app.id,
        spam: this.spam,
        filter: this.filter,
        raw: this.rawCsv,
        setRaw: (raw) => (this.rawCsv = raw),
      },
      view: {
        newestFirst: this.newestFirst,
        spam: this.spam,
        size: this.size,
        columns: columnsOf(this.fields, this.result?.records ?? []),
        hiddenColumns: this.hiddenColumns,
        page: this.page,
        change: (next, page) => {
          Object.assign(this, next)
          return this.go(page)
        },
        refresh: () => this.refresh(),
        setHidden: (hidden) => this.setHidden(hidden),
      },
    })
  }

  private renderTable(result: RecordsPage) {
    const allColumns = columnsOf(this.fields, result.records)
    return recordsTable({
      page: result,
      columns: allColumns.filter((c) => !this.hiddenColumns.has(c.name)),
      allColumns,
      scales: scoreColumnsOf(result.records),
      selectable: this.edits || this.deletes,
      selected: this.selected,
      fresh: this.fresh,
      newColumns: this.newColumns,
      side: this.side,
      toggle: (id, on) => (this.selected = toggled(this.selected, id, on)),
      toggleAll: (on) => (this.selected = new Set(on ? this.result?.records.map((r) => r.id) : [])),
      open: (record) => (this.open = record),
    })
  }

  override render() {
    const result = this.result
    return html`${this.edits ? nothing : viewerNotice('you read and export its records, but do not change them')}
      <details class="filters" ?open=${this.filtersOpen || this.filterProblem !== ''} @toggle=${this.filtersToggled}>
        <summary>Filter${this.filter ? html`<span class="active-filter" dir="auto">: ${this.filter}</span>` : nothing}</summary>
        <svc-record-filter
          .problem=${this.filterProblem}
          .fields=${this.fields}
          .initial=${this.openedWith}
          @svc-filter=${(e: CustomEvent<string>) => this.applyFilter(e.detail)}
        ></svc-record-filter>
      </details>
      ${this.renderToolbar()} ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${selectionBar({
        count: this.selected.size,
        onPage: this.result?.records.filter((r) => this.selected.has(r.id)) ?? [],
        mark: (spam) => void this.markSelected(spam),
        remove: this.deletes ? () => void this.deleteSelected() : undefined,
        clear: () => (this.selected = new Set()),
      })}

      <section class="panel records" aria-label="Records">
        ${
          result === null
            ? html`<p class="empty">Loading…</p>`
            : result.total === 0
              ? noRecords({
                  appId: this.app.id,
                  filter: this.filter,
                  spam: this.spam,
                  urls: this.urls,
                  fields: this.fields,
                  publishes: may(this.app.role, 'share:write'),
                })
              : html`${this.renderTable(result)} ${pager(this.page, this.pageCount, (page) => this.go(page))}`
        }
      </section>
      <svc-record-drawer
        .record=${this.open}
        .appId=${this.app.id}
        .fields=${this.fields}
        .editable=${this.edits}
        @svc-close=${() => (this.open = null)}
        @svc-record-changed=${this.edited}
      ></svc-record-drawer>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-records': SvcRecords
  }
}
