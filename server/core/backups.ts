/**
 * @module What the rest of svc knows of the backups it makes itself (SVC_BACKUP_EVERY,
 * server/backup/): when the newest one was made, for health and the metrics. `NO_BACKUPS`
 * when none are scheduled.
 */
export interface Backups {
  /** True when backups are scheduled. */
  readonly scheduled: boolean
  /** When the newest backup in its place was made (epoch ms); null before the first. */
  newestAt(): number | null
}

export const NO_BACKUPS: Backups = { scheduled: false, newestAt: () => null }
