/**
 * @module Password hashing with bounded, separate concurrency (`ctx.passwords`). argon2id
 * is deliberately slow; on Bun's shared thread pool a flood of log-ins queued the record
 * writer's WAL syncs behind it, and acknowledgements waited seconds. Here hashing runs on
 * its own thread(s) (hash-worker.ts), at most AUTH.passwordHashThreads jobs at a time with
 * at most AUTH.passwordHashQueue more waiting; past that, `admit` refuses at once with 429
 * (Retry-After 1) instead of letting the queue, and every log-in's wait, grow. Should the
 * thread fail to start (e.g. a build without the worker file), the same limits hold over
 * Bun's own asynchronous hashing.
 */
import { AUTH } from '../../contract/limits.ts'
import { ARGON2, type HashAnswer, type HashJob, type HashWork } from './argon2.ts'
import { RateLimitError } from './rate-limit-error.ts'

/** One admitted hashing job: use it once (`hash` or `verify`), or `release` it unused. */
export interface HashTurn {
  hash(password: string): Promise<string>
  verify(password: string, hash: string): Promise<boolean>
  release(): void
}

export interface PasswordHasher {
  /** A turn at hashing; throws RateLimitError (429) when the threads are busy and the queue is full. */
  admit(): HashTurn
  /** Jobs admitted and not finished (running, waiting, or reserved). */
  readonly admitted: number
  /** Stops the threads (at shutdown). */
  close(): void
}

export interface HasherOptions {
  threads?: number
  queue?: number
  /** The thread's script (tests point it elsewhere to see the fallback). */
  workerUrl?: URL
}

/**
 * The hashing thread's source beside this file (also in the server bundle, like the
 * checkpoint worker); the executable passes its embedded copy (server/context.ts).
 */
const WORKER_URL = new URL('./hash-worker.ts', import.meta.url)

const busy = () => new RateLimitError('The server is checking too many passwords right now: try again in a second', 1)

type Run = (job: HashWork) => Promise<string | boolean>

/** How long a hashing thread may sit idle before it is stopped (its ≈ 20 MiB freed); the next job starts it again. */
const IDLE_MS = 5_000

/** One hashing thread, started on first use and stopped when idle; `failed` once it could not run (the caller falls back). */
function hashingThread(url: URL) {
  let worker: Worker | null = null
  let failed = false
  let nextId = 0
  let idleTimer: ReturnType<typeof setTimeout> | null = null
  const pending = new Map<number, { resolve(value: string | boolean): void; reject(error: Error): void }>()

  function stopWhenIdle(): void {
    if (pending.size > 0) return
    idleTimer = setTimeout(() => {
      idleTimer = null
      worker?.terminate()
      worker = null
    }, IDLE_MS)
    idleTimer.unref()
  }

  function fail(): void {
    failed = true
    worker?.terminate()
    worker = null
    for (const { reject } of pending.values()) reject(new Error('the password-hashing thread stopped'))
    pending.clear()
  }

  function start(): Worker {
    const started = new Worker(url)
    started.onmessage = (event: MessageEvent<HashAnswer>) => {
      const answer = event.data
      const waiter = pending.get(answer.id)
      pending.delete(answer.id)
      stopWhenIdle()
      if (!waiter) return
      if ('error' in answer) waiter.reject(new Error(answer.error))
      else waiter.resolve(answer.value)
    }
    started.onerror = fail
    // Never keeps the process alive on its own.
    ;(started as Worker & { unref(): void }).unref()
    return started
  }

  return {
    get failed() {
      return failed
    },
    run(job: HashWork): Promise<string | boolean> {
      if (idleTimer) clearTimeout(idleTimer)
      idleTimer = null
      try {
        worker ??= start()
      } catch (error) {
        fail()
        return Promise.reject(error)
      }
      const id = ++nextId
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker!.postMessage({ ...job, id } as HashJob)
      })
    },
    close(): void {
      if (idleTimer) clearTimeout(idleTimer)
      worker?.terminate()
      worker = null
    },
  }
}

/** Bun's asynchronous hashing, for when the thread cannot run. */
const inThread: Run = (job) =>
  job.op === 'hash' ? Bun.password.hash(job.password, ARGON2) : Bun.password.verify(job.password, job.hash)

/** The hasher of one process (made in createContext). */
export function createPasswordHasher(options: HasherOptions = {}): PasswordHasher {
  const threads = Array.from({ length: options.threads ?? AUTH.passwordHashThreads }, () =>
    hashingThread(options.workerUrl ?? WORKER_URL),
  )
  const limit = threads.length + (options.queue ?? AUTH.passwordHashQueue)
  const idle = [...threads]
  const waiting: Array<() => void> = []
  let admitted = 0

  /** Runs `job` on the next free thread (waiting for one), or in-thread once that thread failed. */
  async function run(job: HashWork): Promise<string | boolean> {
    const thread =
      idle.pop() ??
      (await new Promise<ReturnType<typeof hashingThread>>((resolve) => waiting.push(() => resolve(idle.pop()!))))
    try {
      if (thread.failed) return await inThread(job)
      return await thread.run(job).catch((error: Error) => (thread.failed ? inThread(job) : Promise.reject(error)))
    } finally {
      idle.push(thread)
      waiting.shift()?.()
    }
  }

  return {
    get admitted() {
      return admitted
    },
    admit() {
      if (admitted >= limit) throw busy()
      admitted++
      let state: 'fresh' | 'running' | 'done' = 'fresh'
      const once = async <T>(job: HashWork): Promise<T> => {
        if (state !== 'fresh') throw new Error('a hashing turn is used once')
        state = 'running'
        try {
          return (await run(job)) as T
        } finally {
          state = 'done'
          admitted--
        }
      }
      return {
        hash: (password) => once<string>({ op: 'hash', password }),
        verify: (password, hash) => once<boolean>({ op: 'verify', password, hash }),
        release: () => {
          if (state !== 'fresh') return
          state = 'done'
          admitted--
        },
      }
    },
    close() {
      for (const thread of threads) thread.close()
    },
  }
}
