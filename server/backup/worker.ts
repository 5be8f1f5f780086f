/**
 * @module The backup thread (started by schedule.ts for each backup): the copy of the
 * database, the tar archive and its check are synchronous, so they run here, off the thread
 * that answers requests. Message in: `{ config, target }`; out: `{ ok: true, result }` or
 * `{ ok: false, type, message }`.
 */
import { makeArchive, type ArchiveConfig } from './archive.ts'

declare const self: Worker

self.onmessage = (event: MessageEvent<{ config: ArchiveConfig; target: string }>) => {
  try {
    self.postMessage({ ok: true, result: makeArchive(event.data.config, event.data.target) })
  } catch (error) {
    const type = (error as { type?: string }).type ?? 'failed'
    self.postMessage({ ok: false, type, message: error instanceof Error ? error.message : String(error) })
  }
}
