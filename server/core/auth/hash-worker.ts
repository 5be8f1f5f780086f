/**
 * @module The password-hashing thread (started by password-hasher.ts). It hashes and
 * verifies synchronously, one job at a time, on its own thread: argon2 never runs on
 * Bun's shared thread pool, where the record writer's WAL syncs (fdatasync) would queue
 * behind it and an acknowledgement would wait for someone else's log-in.
 */
import { ARGON2, type HashAnswer, type HashJob } from './argon2.ts'

declare const self: Worker

self.onmessage = (event: MessageEvent<HashJob>) => {
  const job = event.data
  let answer: HashAnswer
  try {
    const value =
      job.op === 'hash' ? Bun.password.hashSync(job.password, ARGON2) : Bun.password.verifySync(job.password, job.hash)
    answer = { id: job.id, value }
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) }
  }
  self.postMessage(answer)
}
