/**
 * @module The request counter and latency histogram, kept as plain numbers on the hot path and
 * handed to prom-client's registry only when scraped. prom-client's own Counter and Histogram
 * hash their labels on every call (a labelled child too); here a request costs a Map look-up
 * and a few additions. Both are registered as metrics of the registry (it asks each for its
 * values and formats them), so the exposition text is prom-client's, as for every other metric.
 */
import type { Registry } from 'prom-client'
import { expose, type Value } from './held-gauge.ts'

interface Latency {
  route: string
  /** Observations per bucket (not cumulative), one more at the end for those past the last bound. */
  buckets: number[]
  sum: number
  count: number
}

export interface RequestSeries {
  note(route: string, status: number, seconds: number): void
}

/** The two metrics, registered in `registries`: `counterName` by route and status, `histogramName` by route. */
export function requestSeries(
  registries: Registry[],
  names: { counter: string; counterHelp: string; histogram: string; histogramHelp: string },
  bounds: readonly number[],
): RequestSeries {
  const counts = new Map<string, { route: string; status: string; n: number }>()
  const latencies = new Map<string, Latency>()
  const reset = () => {
    counts.clear()
    latencies.clear()
  }
  expose(
    registries,
    { name: names.counter, help: names.counterHelp, type: 'counter' },
    () => [...counts.values()].map(({ route, status, n }) => ({ value: n, labels: { route, status } })),
    reset,
  )
  expose(
    registries,
    { name: names.histogram, help: names.histogramHelp, type: 'histogram' },
    () =>
      [...latencies.values()].flatMap(({ route, buckets, sum, count }): Value[] => {
        let below = 0
        const shared = { route }
        const bucketName = `${names.histogram}_bucket`
        return [
          ...bounds.map((le, i) => {
            below += buckets[i]
            return { value: below, labels: { le }, sharedLabels: shared, metricName: bucketName }
          }),
          { value: count, labels: { le: '+Inf' }, sharedLabels: shared, metricName: bucketName },
          { value: sum, labels: {}, sharedLabels: shared, metricName: `${names.histogram}_sum` },
          { value: count, labels: {}, sharedLabels: shared, metricName: `${names.histogram}_count` },
        ]
      }),
    reset,
  )
  return {
    note(route, status, seconds) {
      const key = `${route} ${status}`
      const count = counts.get(key)
      if (count) count.n++
      else counts.set(key, { route, status: String(status), n: 1 })
      let latency = latencies.get(route)
      if (!latency) {
        latency = { route, buckets: new Array(bounds.length + 1).fill(0), sum: 0, count: 0 }
        latencies.set(route, latency)
      }
      let i = 0
      while (i < bounds.length && seconds > bounds[i]) i++
      latency.buckets[i]++
      latency.sum += seconds
      latency.count++
    },
  }
}
