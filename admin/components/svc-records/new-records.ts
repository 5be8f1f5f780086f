/**
 * @module The Data tab's live line beside the total: "Show 3 new records" while records of
 * the view arrive, a polite live region that says the count without chatter, and the quiet
 * notice once live updates stopped. Its room is kept whether or not there is anything to
 * show, so a button appearing never moves the rows below.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { formatCount } from '../../format.ts'
import '../svc-live-stopped/svc-live-stopped.ts'

/**
 * How the live region says the count: a second after the first of a burst (a batch is one
 * message), then at most every ten seconds: a busy form posts all the time, and someone
 * using a screen reader is reading the records meanwhile.
 */
export const ANNOUNCE_PACE = { everyMs: 10_000, settleMs: 1_000 }

/** "1 new record", "1,204 new records". */
export const newRecordsText = (count: number): string => `${formatCount(count)} new record${count === 1 ? '' : 's'}`

export interface NewRecordsLine {
  count: number
  /** What the live region says now (throttled). */
  announced: string
  /** Why live updates stopped ('' while they run). */
  stopped: string
  show(): void
}

/** The live line. */
export function newRecordsLine(line: NewRecordsLine): TemplateResult {
  return html`<span class="live">
    <span class="visually-hidden" role="status">${line.announced}</span>
    ${line.count > 0 ? html`<button class="small show-new" @click=${line.show}>Show ${newRecordsText(line.count)}</button>` : nothing}
    <svc-live-stopped .message=${line.stopped}></svc-live-stopped>
  </span>`
}
