/**
 * @module Starts `bun server/main.ts` (or another entry, such as the bundle `npm start`
 * runs, or any command, such as the executable's `svc serve`) as a real process with a temp
 * data dir and reads the port from its first line of output.
 */
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { tempDir } from './tmp.ts'
import { testDatabaseEnv } from './backend.ts'

export const ROOT = join(import.meta.dir, '..', '..')
export const BUN = process.execPath

export interface ServerProcess {
  proc: Subprocess<'ignore', 'pipe', 'pipe'>
  url: string
  dataDir: string
  /** Everything written to stdout so far. */
  output(): string
}

/** Starts the server and resolves when it prints its URL (rejects after `timeoutMs`). */
export async function spawnServer(
  env: Record<string, string> = {},
  timeoutMs = 15_000,
  entry = 'server/main.ts',
): Promise<ServerProcess> {
  const dataDir = env.SVC_DATA_DIR ?? tempDir('svc-proc-')
  const fullEnv = {
    ...process.env,
    PORT: '0',
    SVC_LOG: 'warn',
    // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
    SVC_DRAIN_SECONDS: '0',
    ...(await testDatabaseEnv()),
    ...env,
    SVC_DATA_DIR: dataDir,
  } as Record<string, string>
  return startListening([BUN, entry], { cwd: ROOT, env: fullEnv, dataDir, timeoutMs })
}

export interface ListeningOptions {
  cwd: string
  /** The whole environment of the process (nothing is inherited). */
  env: Record<string, string>
  /** The data dir the process was given, reported back in ServerProcess. */
  dataDir: string
  timeoutMs?: number
}

/** Runs `command` (any svc server: sources, bundle, executable) and resolves once it prints `listening on <url>`. */
export async function startListening(
  command: string[],
  { cwd, env, dataDir, timeoutMs = 15_000 }: ListeningOptions,
): Promise<ServerProcess> {
  const proc = Bun.spawn(command, { cwd, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  let text = ''
  const decoder = new TextDecoder()
  const reader = proc.stdout.getReader()
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${text}`)), timeoutMs)
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) {
          clearTimeout(timer)
          reject(new Error(`server exited before listening:\n${text}${await new Response(proc.stderr).text()}`))
          return
        }
        text += decoder.decode(value, { stream: true })
        const match = /listening on (http:\/\/\S+)/.exec(text)
        if (match) {
          clearTimeout(timer)
          resolve(match[1])
          // Keep draining so the child never blocks on a full pipe.
          void (async () => {
            for (;;) {
              const next = await reader.read()
              if (next.done) return
              text += decoder.decode(next.value, { stream: true })
            }
          })()
          return
        }
      }
    })()
  })
  return { proc, url, dataDir, output: () => text }
}
