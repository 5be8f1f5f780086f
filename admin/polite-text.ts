/**
 * @module Text for a polite live region that changes often (a count of arriving records)
 * without talking over the reader: a change is said once things settle for a moment (a burst
 * is one message), and at most once per interval, always the latest; clearing the text is
 * silent and immediate.
 */

/** The timers it uses; tests pass their own. */
export interface Clock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

export interface Pace {
  /** The least time between two things said. */
  everyMs: number
  /** How long a change waits for the ones that come with it. */
  settleMs: number
}

/** The region's text, updated at the `pace` given; `onChange` re-renders. */
export class PoliteText {
  /** What the live region holds now. */
  text = ''
  private wanted = ''
  private last = Number.NEGATIVE_INFINITY
  private timer: unknown = null

  constructor(
    private readonly onChange: () => void,
    private readonly pace: Pace,
    private readonly clock: Clock = realClock,
  ) {}

  /** The text to say next. */
  say(text: string): void {
    this.wanted = text
    if (text === '') {
      this.stop()
      if (this.text !== '') {
        this.text = ''
        this.onChange()
      }
      return
    }
    if (this.timer !== null) return
    const wait = Math.max(this.pace.settleMs, this.last + this.pace.everyMs - this.clock.now())
    this.timer = this.clock.setTimeout(() => this.flush(), wait)
  }

  /** Drops a pending update (the region leaves the page). */
  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private flush() {
    this.timer = null
    if (this.wanted === this.text) return
    this.text = this.wanted
    this.last = this.clock.now()
    this.onChange()
  }
}
