/**
 * @module Progress of `smart generate` on stderr. On a terminal: one line rewritten in
 * place with a spinner, the job's stage, percent, latest message and elapsed time. Off a
 * terminal (CI, pipes): one plain line per new stage message, with the elapsed time, so
 * logs stay readable. stdout is untouched, so `--json` output stays one document.
 */
import type { Io } from '../../io.ts'
import type { Job } from './_api.ts'

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const TICK_MS = 100

export interface Progress {
  /** Shows what a job state adds (new messages, a new stage). */
  job(job: Job): void
  /** A step of the CLI's own (e.g. building the app). */
  step(stage: string, message: string): void
  /** Ends the live line, if any, marking it finished (✓) or not (✗). */
  done(ok?: boolean): void
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`

/** A progress display on `io.stderr`, live on a terminal, plain lines elsewhere; none with --json (`json`). */
export function createProgress(io: Io, json = false): Progress {
  if (json) return { job: () => undefined, step: () => undefined, done: () => undefined }
  const started = Date.now()
  if (!io.stderr.isTTY) {
    let shown = 0
    const line = (message: string) => void io.stderr.write(`[${seconds(started).padStart(6)}] ${message}\n`)
    return {
      job(job) {
        for (const message of job.progress.messages.slice(shown)) line(message)
        shown = job.progress.messages.length
      },
      step: (_stage, message) => line(message),
      done: () => undefined,
    }
  }
  let current = { stage: 'starting', percent: 0, message: '' }
  let frame = 0
  const render = () => {
    const percent = current.percent ? ` ${current.percent}%` : ''
    void io.stderr.write(
      `\r\u001B[K${SPINNER[frame++ % SPINNER.length]} ${current.stage}${percent}  ${current.message}  ${seconds(started)}`,
    )
  }
  const timer = setInterval(render, TICK_MS)
  let active = true
  return {
    job(job) {
      current = {
        stage: job.progress.stage,
        percent: job.progress.percent,
        message: job.progress.messages.at(-1) ?? '',
      }
      render()
    },
    step(stage, message) {
      current = { stage, percent: 0, message }
      render()
    },
    done(ok = true) {
      if (!active) return
      active = false
      clearInterval(timer)
      void io.stderr.write(`\r\u001B[K${ok ? '✓' : '✗'} ${current.stage}  ${current.message}  ${seconds(started)}\n`)
    },
  }
}
