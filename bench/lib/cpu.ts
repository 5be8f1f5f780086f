/**
 * @module CPU time per process (Linux /proc), so a benchmark can say what one record costs
 * in each process (svc, PostgreSQL, the load generator) and how busy the machine was
 * with work that was not the benchmark's: rates on a shared machine move with its load,
 * CPU time per record much less.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICK_MS = 10

function statFields(pid: number): string[] | null {
  try {
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** CPU ms `pid` has used (user + system); with `reaped`, also its waited-for children's. 0 when it is gone. */
export function processCpuMs(pid: number, reaped = false): number {
  const f = statFields(pid)
  if (!f) return 0
  const own = Number(f[11]) + Number(f[12])
  return (reaped ? own + Number(f[13]) + Number(f[14]) : own) * TICK_MS
}

/**
 * CPU ms a PostgreSQL cluster has used: the postmaster, its live children (backends,
 * WAL writer, checkpointer…) and the children it has reaped (closed connections).
 */
export function clusterCpuMs(clusterDir: string): number {
  const master = Number(readFileSync(join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  let ms = processCpuMs(master, true)
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const f = statFields(Number(name))
    if (f && Number(f[1]) === master) ms += processCpuMs(Number(name))
  }
  return ms
}

/** All cores' busy and total ms since boot (/proc/stat: everything but idle and iowait is busy). */
function machineMs(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const ticks = values.slice(0, 8).map(Number)
  const total = ticks.reduce((a, b) => a + b, 0)
  return { busy: (total - ticks[3] - ticks[4]) * TICK_MS, total: total * TICK_MS }
}

export interface CpuShares {
  /** Wall-clock ms of the measured span. */
  wallMs: number
  /** CPU ms each named party used during the span. */
  parties: Record<string, number>
  /** Cores' worth of CPU the whole machine was busy (all processes, ours included). */
  machineCores: number
  /** Cores' worth of CPU used by processes that are not among the parties (other work on the machine). */
  otherCores: number
}

/**
 * Runs `work` and returns its result with the CPU each party used meanwhile. A party is
 * a function returning its CPU ms so far (`processCpuMs`, `clusterCpuMs`), or the CPU ms
 * `work` itself reports (`fromResult`: a load generator's own rusage).
 */
export async function measureCpu<T>(
  parties: Record<string, () => number>,
  work: () => Promise<T>,
  fromResult: (result: T) => Record<string, number> = () => ({}),
): Promise<{ result: T; cpu: CpuShares }> {
  const before = Object.fromEntries(Object.entries(parties).map(([name, read]) => [name, read()]))
  const machineBefore = machineMs()
  const started = performance.now()
  const result = await work()
  const wallMs = performance.now() - started
  const machineAfter = machineMs()
  const used: Record<string, number> = Object.fromEntries(
    Object.entries(parties).map(([name, read]) => [name, read() - before[name]]),
  )
  Object.assign(used, fromResult(result))
  const cores = (machineAfter.total - machineBefore.total) / wallMs
  const machineCores = ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * cores
  const ours = Object.values(used).reduce((a, b) => a + b, 0) / wallMs
  return { result, cpu: { wallMs, parties: used, machineCores, otherCores: Math.max(0, machineCores - ours) } }
}

/** µs of CPU per unit (record, request) for each party, e.g. `{ svc: 31.2, postgres: 18.0 }`. */
export function perUnitUs(cpu: CpuShares, units: number): Record<string, number> {
  return Object.fromEntries(Object.entries(cpu.parties).map(([name, ms]) => [name, (ms * 1000) / units]))
}
