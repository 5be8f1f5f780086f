/**
 * @module Where the records table stands in its box sideways: whether columns lie beyond
 * either edge (and how many), so the tab can shade that edge and say so in words, whether
 * the box scrolls at all (then it is a named, focusable region a keyboard can scroll), and
 * bringing one column into view (a field the owner just accepted). Measured from the
 * rendered box on scroll and resize, never guessed from the column count.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** What the table's box shows of the table. */
export interface SideView {
  /** The box scrolls (either way): it is then a focusable region. */
  scrolls: boolean
  /** Columns that lie wholly or partly beyond the left edge, and beyond the right. */
  before: number
  after: number
  /** The box's own scroll bars (px), so the shading sits inside them. */
  gutter: number
  bar: number
}

const NONE: SideView = { scrolls: false, before: 0, after: 0, gutter: 0, bar: 0 }

/** Room left between a column brought into view and the edge, past the shading. */
const MARGIN = 40

const same = (a: SideView, b: SideView) =>
  a.scrolls === b.scrolls && a.before === b.before && a.after === b.after && a.gutter === b.gutter && a.bar === b.bar

/** Follows the box `find()` returns (rendered by the host) and keeps `view` current. */
export class SideScroll implements ReactiveController {
  view: SideView = NONE
  private box: HTMLElement | null = null
  private readonly resized = new ResizeObserver(() => this.measure())
  private readonly onScroll = () => this.measure()
  private pending: string | null = null

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly find: () => HTMLElement | null,
  ) {
    host.addController(this)
  }

  hostUpdated() {
    const box = this.find()
    if (box !== this.box) {
      this.box?.removeEventListener('scroll', this.onScroll)
      this.resized.disconnect()
      this.box = box
      if (box) {
        box.addEventListener('scroll', this.onScroll, { passive: true })
        this.resized.observe(box)
        const table = box.querySelector('table')
        if (table) this.resized.observe(table)
      }
    }
    if (this.pending && this.box && this.bringIntoView(this.pending)) this.pending = null
    this.measure()
  }

  hostDisconnected() {
    this.box?.removeEventListener('scroll', this.onScroll)
    this.resized.disconnect()
    this.box = null
  }

  /** Brings the header cell matching `selector` into view once it is rendered. */
  reveal(selector: string) {
    this.pending = selector
    this.host.requestUpdate()
  }

  /**
   * Scrolls on by most of a screen's width (`direction` 1 right, -1 back). When the button
   * pressed (`from`) is gone at the end (nothing more that way), the focus moves to the first
   * button of the line that is left rather than falling to the page.
   */
  page(direction: 1 | -1, from?: HTMLElement) {
    const box = this.box
    if (!box) return
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    if (from)
      box.addEventListener(
        'scrollend',
        async () => {
          await this.host.updateComplete
          const root = box.getRootNode() as ParentNode
          if (!from.isConnected) root.querySelector<HTMLElement>('.side-line button')?.focus()
        },
        { once: true },
      )
    box.scrollBy({
      left: direction * Math.max(MARGIN, box.clientWidth - 2 * MARGIN),
      behavior: still ? 'auto' : 'smooth',
    })
  }

  private bringIntoView(selector: string): boolean {
    const box = this.box!
    const cell = box.querySelector<HTMLElement>(selector)
    if (!cell) return false
    const left = box.getBoundingClientRect().left + box.clientLeft
    const { left: cellLeft, right: cellRight } = cell.getBoundingClientRect()
    if (cellRight > left + box.clientWidth - MARGIN)
      box.scrollLeft += Math.min(cellRight - (left + box.clientWidth) + MARGIN, cellLeft - left - MARGIN)
    else if (cellLeft < left + MARGIN) box.scrollLeft -= left + MARGIN - cellLeft
    return true
  }

  private measure() {
    const next = this.box ? this.read(this.box) : NONE
    if (same(next, this.view)) return
    this.view = next
    this.host.requestUpdate()
  }

  private read(box: HTMLElement): SideView {
    const style = getComputedStyle(box)
    const clips = style.overflowX !== 'visible'
    if (!clips) return NONE
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1
    const outer = box.getBoundingClientRect()
    const left = outer.left + box.clientLeft
    const right = left + box.clientWidth
    let before = 0
    let after = 0
    if (box.scrollWidth > box.clientWidth + 1)
      for (const cell of box.querySelectorAll('thead th:not(.check)')) {
        const { left: l, right: r, width } = cell.getBoundingClientRect()
        if (width <= 1) continue
        if (l < left - 1) before++
        else if (r > right + 1) after++
      }
    const gutter = box.offsetWidth - box.clientWidth - box.clientLeft * 2
    const bar = box.offsetHeight - box.clientHeight - box.clientTop * 2
    return { scrolls, before, after, gutter: Math.max(0, gutter), bar: Math.max(0, bar) }
  }
}
