/**
 * @module The Data tab's new records: those that arrived on the live stream since the page
 * on screen was read, counted without touching the page, and where "Show" finds them.
 *
 * A page's total counts every record stored before the page was read. So a record that
 * arrived before a read was asked for is in that read's total and no longer new; one that
 * arrives while a read is on its way may or may not be, and stays new unless the page holds
 * it (counted twice at worst until the next read, never missed).
 */

/** Records that arrived on the stream and are not in the page on screen. */
export class Arrivals {
  private entries: Array<{ id: string; n: number }> = []
  private received = 0

  /** A record arrived. */
  add(id: string): void {
    this.entries.push({ id, n: ++this.received })
  }

  /** How many arrived and are not shown. */
  get count(): number {
    return this.entries.length
  }

  /** Their ids, oldest first. */
  get ids(): string[] {
    return this.entries.map((entry) => entry.id)
  }

  /** Call as a page is asked for; pass what it returns to `settle` when the page is shown. */
  mark(): number {
    return this.received
  }

  /** A page read after `mark` is on screen with `shown` on it: what it counted is no longer new. */
  settle(mark: number, shown: Iterable<string>): void {
    const onPage = new Set(shown)
    this.entries = this.entries.filter((entry) => entry.n > mark && !onPage.has(entry.id))
  }

  /** Forgets every arrival (the tab follows another view). */
  clear(): void {
    this.entries = []
  }
}

/**
 * The page holding the first new record: page 1 newest first; oldest first, the page after
 * the `total` records counted (the last page while it has room, where they are added below
 * the rows on screen).
 */
export function pageOfNew(order: 'asc' | 'desc', size: number, total: number): number {
  return order === 'desc' ? 1 : Math.floor(total / size) + 1
}
