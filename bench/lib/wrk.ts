/**
 * @module Runs Debian's wrk (1 thread, 32 connections by default), on one URL or on several
 * paths in turn, and parses requests/s and latency percentiles.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface WrkResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Requests completed in the run. */
  requests: number
  /** CPU ms wrk itself used (user + system): the load generator's share of the machine. */
  cpuMs: number
}

export interface WrkOptions {
  url: string
  method?: 'GET' | 'POST'
  body?: string
  contentType?: string
  seconds?: number
  connections?: number
  /** Paths to send requests to in turn, on `url`'s server (default: `url` itself). */
  paths?: string[]
}

/** Fails early with an install hint when wrk is missing. */
export function requireWrk(): void {
  if (!Bun.which('wrk')) {
    throw new Error('wrk is not installed: run `apt-get install -y wrk` (Debian) and try again')
  }
}

function toMs(value: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(value)
  if (!match) return Number.NaN
  const n = Number(match[1])
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n
}

/** One wrk run; POST bodies are sent through a generated Lua script. */
export async function wrk(options: WrkOptions): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-wrk-'))
  const script = join(dir, 'req.lua')
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(options.method ?? 'GET')}`,
      options.body !== undefined ? `wrk.body = ${JSON.stringify(options.body)}` : '',
      `wrk.headers["Content-Type"] = ${JSON.stringify(options.contentType ?? 'application/json')}`,
      options.paths
        ? `local paths = {${options.paths.map((path) => JSON.stringify(path)).join(', ')}}\nlocal turn = 0\nrequest = function()\n  turn = turn % #paths + 1\n  return wrk.format(nil, paths[turn])\nend`
        : '',
    ].join('\n'),
  )
  const args = [
    'wrk',
    '-t1',
    `-c${options.connections ?? 32}`,
    `-d${options.seconds ?? 5}s`,
    '--latency',
    '-s',
    script,
    options.url,
  ]
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(proc.stdout).text()
  await proc.exited
  const usage = proc.resourceUsage()
  const requests = /(\d+) requests in/.exec(out)
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)
  const p50 = /\s50%\s+(\S+)/.exec(out)
  const p99 = /\s99%\s+(\S+)/.exec(out)
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)
  const errors = /Socket errors:.*?read (\d+), write (\d+), timeout (\d+)/.exec(out)
  if (!rps) throw new Error(`wrk printed no result:\n${out}`)
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: p50 ? toMs(p50[1]) : Number.NaN,
    p99Ms: p99 ? toMs(p99[1]) : Number.NaN,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    requests: requests ? Number(requests[1]) : Number.NaN,
    cpuMs: usage ? Number(usage.cpuTime.total) / 1000 : Number.NaN,
  }
}
