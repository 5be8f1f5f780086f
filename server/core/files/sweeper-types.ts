/**
 * @module The file sweeper as the context names it (`ctx.files`, core/context.ts): its
 * interface. The sweeper itself is server/files/sweeper.ts.
 */

export interface FileSweeper {
  /** Sweeps soon (a record or an app was deleted). */
  nudge(): void
  /** Sweeps now until nothing is left to remove; resolves with the count of files and uploads removed. */
  sweep(): Promise<number>
  /** Starts the periodic sweep (startServer); returns its stop function. */
  start(): () => void
}
