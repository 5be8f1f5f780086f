/**
 * @module The virus scanner as the context names it (`ctx.scanner`): the interface. The one
 * scanner is ClamAV's clamd over INSTREAM (server/files/clamd.ts, SVC_CLAMD); without
 * SVC_CLAMD the context has none (null) and files are stored unscanned.
 *
 * A scan runs beside the upload: every chunk the blob store is given is also written to the
 * scan, and the file is kept only once `finish` says it is clean. A scanner that cannot be
 * reached, or fails mid-way, rejects with AppError `scan_unavailable` (503): a file is never
 * stored unscanned while scanning is on. A file longer than clamd's stream limit rejects
 * with `too_large` naming the limit.
 */

/** What a finished scan found. */
export type ScanResult = { clean: true } | { clean: false; signature: string }

/** One file being scanned. */
export interface ScanSession {
  /** Sends the next bytes of the file; waits while the scanner is behind. */
  write(chunk: Uint8Array): Promise<void>
  /** Ends the file and resolves with the verdict. */
  finish(): Promise<ScanResult>
  /** Gives up the scan (the upload failed); never rejects. */
  abort(): void
}

export interface Scanner {
  /** Opens the scan of one file (a connection to the scanner); rejects `scan_unavailable` when it cannot. */
  open(): Promise<ScanSession>
  /** Resolves when the scanner answers (PING); rejects otherwise. */
  ping(): Promise<void>
}
