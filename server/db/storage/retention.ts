/**
 * @module The storage of retention (core/records/retention.ts): which apps keep records or
 * spam for a number of days, the oldest records past those days, and the claim that makes
 * one process of several run a periodic job each time it is due.
 */

/** An app whose share settings limit how long records are kept. */
export interface RetainedApp {
  appId: string
  keepRecordsDays: number | null
  keepSpamDays: number | null
}

export interface RetentionStore {
  /** Every app with keepRecordsDays or keepSpamDays set. */
  apps(): Promise<RetainedApp[]>
  /** Ids of up to `limit` of the app's records created before `before`, spam (`spam` true) or not, oldest first. */
  expired(appId: string, before: number, spam: boolean, limit: number): Promise<string[]>
  /**
   * Claims the run of job `name` due by `now`: true (and the job is next due at `nextAt`) for
   * the one caller that moves it on, false while it is not due or another caller claimed it.
   */
  claim(name: string, now: number, nextAt: number): Promise<boolean>
}
