/**
 * @module Starts the processes a benchmark compares: svc itself, the bare baseline and
 * json-server, each on a free loopback port, and reads their memory from /proc.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { BUNDLE_DIR, bundleIsStale, bundleServer } from '../../scripts/bundle.ts'

export const ROOT = join(import.meta.dir, '..', '..')

const made: string[] = []

/** A temp folder the benchmark removes at the end (`removeTempDirs`). */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** Deletes every folder the benchmark made (databases of a million records are large). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export interface Started {
  url: string
  proc: Subprocess
  stop(): Promise<void>
}

async function firstLine(
  proc: Subprocess<'ignore', 'pipe', 'inherit'>,
  pattern: RegExp,
  what: string,
): Promise<string> {
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    const match = pattern.exec(text)
    if (match) {
      void (async () => {
        while (!(await reader.read()).done) {}
      })()
      return match[1]
    }
  }
  throw new Error(`${what} did not start:\n${text}`)
}

const stopper = (proc: Subprocess) => async () => {
  proc.kill('SIGTERM')
  await proc.exited
}

/**
 * The bundle a benchmark starts: this checkout's, or another build's when SVC_BENCH_BUNDLE
 * names its main.js (`--against` runs the same bench on an older ref's bundle that way).
 */
export const BENCH_BUNDLE_ENV = 'SVC_BENCH_BUNDLE'

/**
 * svc as `npm start` runs it (the bytecode bundle, rebuilt first if stale) on a fresh or
 * given data dir, rate limit off, logs quiet.
 */
export async function startSvc(
  env: Record<string, string> = {},
  stderr: 'inherit' | 'ignore' = 'inherit',
): Promise<Started & { dataDir: string; startMs: number }> {
  const other = process.env[BENCH_BUNDLE_ENV]
  if (other) return startSvcCommand([process.execPath, other], env, stderr)
  if (bundleIsStale()) await bundleServer()
  return startSvcCommand([process.execPath, join(BUNDLE_DIR, 'main.js')], env, stderr)
}

/** svc started by `command` (the bundle, the executable's `svc serve`), as startSvc does. */
export async function startSvcCommand(
  command: string[],
  env: Record<string, string> = {},
  stderr: 'inherit' | 'ignore' = 'inherit',
): Promise<Started & { dataDir: string; startMs: number }> {
  const dataDir = env.SVC_DATA_DIR ?? tempDir('svc-bench-')
  const started = performance.now()
  const proc = Bun.spawn(command, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SVC_RATE_LIMIT: 'off', SVC_LOG: 'error', ...env, SVC_DATA_DIR: dataDir },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr,
  })
  const url = await firstLine(proc, /listening on (http:\/\/\S+)/, 'svc')
  return { url, proc, dataDir, stop: stopper(proc), startMs: performance.now() - started }
}

/**
 * The baseline: bare Bun.serve + one prepared insert and commit per request (NORMAL);
 * `script` names another (bench/stream-baseline-server.ts also fans records out to streams).
 */
export async function startBaseline(script = 'bench/baseline-server.ts'): Promise<Started> {
  const file = join(tempDir('svc-base-'), 'base.db')
  const proc = Bun.spawn([process.execPath, script, file], {
    cwd: ROOT,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const port = await firstLine(proc, /^(\d+)\n/, 'baseline')
  return { url: `http://127.0.0.1:${port}/`, proc, stop: stopper(proc) }
}

/** json-server 0.17 (what people use for prototypes) over a db.json holding `records`. */
export async function startJsonServer(records: unknown[] = []): Promise<Started> {
  const dir = tempDir('svc-json-server-')
  const file = join(dir, 'db.json')
  writeFileSync(file, JSON.stringify({ records }))
  const port = 20000 + Math.floor(Math.random() * 20000)
  const bin = join(ROOT, 'node_modules', '.bin', 'json-server')
  const proc = Bun.spawn(['node', bin, '--port', String(port), '--host', '127.0.0.1', '--quiet', file], {
    cwd: dir,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}/records`
  // Up to 30 s: Node takes seconds to start on a loaded machine.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(url.replace('/records', '/db'), { method: 'HEAD' })
      if (res.ok || res.status === 404) return { url, proc, stop: stopper(proc) }
    } catch {}
    await Bun.sleep(50)
  }
  throw new Error('json-server did not start')
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Resets the peak-RSS counter so VmHWM measures from now on. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}
