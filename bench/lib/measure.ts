/**
 * @module What the benchmarks share: goals recorded as ratios against a baseline of the same
 * run and printed as a table, request timing, and filling an endpoint through /batch.
 */

export interface Goal {
  goal: string
  measured: string
  baseline: string
  ratio: number
  target: string
  ok: boolean
  /**
   * The measured figure as a number, for `--against` (bench/lib/against.ts), which compares
   * it between two builds; `better` says which way is an improvement.
   */
  value?: number
  better?: 'higher' | 'lower'
}

/** The goals of one run, printed as they are met or missed and as a Markdown table at the end. */
export function goalBook() {
  const goals: Goal[] = []
  return {
    record(goal: Goal): void {
      goals.push(goal)
      const mark = goal.ok ? 'ok  ' : 'MISS'
      console.error(
        `${mark} ${goal.goal}: ${goal.measured} vs ${goal.baseline} → ${goal.ratio.toFixed(2)} (target ${goal.target})`,
      )
    },
    /** The Markdown table on stdout; with `--json`, the goals as one JSON line instead (for `--against`). */
    print(): void {
      if (process.argv.includes('--json')) {
        console.log(JSON.stringify(goals))
        return
      }
      console.log('\n| Goal | Measured | Baseline (same run) | Ratio | Target | Met |\n|---|---|---|---|---|---|')
      for (const g of goals)
        console.log(
          `| ${g.goal} | ${g.measured} | ${g.baseline} | ${g.ratio.toFixed(2)} | ${g.target} | ${g.ok ? 'yes' : 'no'} |`,
        )
    },
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The median time of `count` sequential GETs of `url`, in ms. */
export async function timeRequests(url: string, count: number, headers: Record<string, string> = {}): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  return median(times)
}

export const CITIES = ['Lisbon', 'Kyoto', 'Lagos', 'Lima', 'Oslo', 'Pune', 'Quito', 'Riga', 'Sofia', 'Tunis']

/** A /batch body of `size` records numbered from `from`. */
export function batchBody(from: number, size: number): string {
  const items = []
  for (let i = from; i < from + size; i++) {
    items.push({ n: i, city: CITIES[i % CITIES.length], score: i % 100, ok: i % 2 === 0, note: `record ${i}` })
  }
  return JSON.stringify(items)
}

/** Fills `endpoint` from `already` up to `total` records with /batch from 4 clients; returns records per second. */
export async function fill(endpoint: string, already: number, total: number): Promise<number> {
  const size = 1000
  const bodies = [0, 1, 2, 3].map((k) => batchBody(k * size, size))
  let next = already
  const started = performance.now()
  const worker = async (k: number) => {
    while (next < total) {
      const count = Math.min(size, total - next)
      next += count
      const body = count === size ? bodies[k] : batchBody(0, count)
      const res = await fetch(`${endpoint}/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      if (res.status !== 200) throw new Error(`batch failed: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
    }
  }
  await Promise.all([0, 1, 2, 3].map(worker))
  return (total - already) / ((performance.now() - started) / 1000)
}

/** Bytes of a streamed GET, and how long it took in seconds. */
export async function download(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; seconds: number }> {
  const started = performance.now()
  const res = await fetch(url, { headers })
  let bytes = 0
  const reader = res.body!.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength
  return { status: res.status, bytes, seconds: (performance.now() - started) / 1000 }
}
