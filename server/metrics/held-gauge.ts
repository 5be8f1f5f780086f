/**
 * @module Metrics handed to prom-client's registry as plain values: the registry asks each
 * for its values at a scrape and formats them, so the text is prom-client's. A held gauge
 * shows exactly the values last set, and none at all when none were (prom-client's own
 * Gauge shows 0 then, which for "seconds since the last backup" would read as "just now").
 */
import type { Registry } from 'prom-client'

/** One sample as the registry takes it. */
export interface Value {
  value: number
  labels: Record<string, string | number>
  sharedLabels?: Record<string, string>
  metricName?: string
}

/** A metric as the registry takes it: what it formats when scraped. */
export interface Exposed {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram'
  aggregator: 'sum'
  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Value[] }>
  reset(): void
}

/** A metric of `type` whose samples `values()` gives at each scrape, registered in `registries`. */
export function expose(
  registries: Registry[],
  metric: { name: string; help: string; type: Exposed['type'] },
  values: () => Value[],
  reset: () => void = () => {},
): void {
  const { name, help, type } = metric
  const exposed: Exposed = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset,
  }
  for (const registry of registries) registry.registerMetric(exposed as never)
}

export interface HeldGauge {
  /** One value, or none (null): the gauge is left out of the scrape. */
  set(value: number | null): void
  /** A value per label set, replacing the previous ones. */
  setAll(values: { labels: Record<string, string>; value: number }[]): void
}

export function heldGauge(registries: Registry[], name: string, help: string): HeldGauge {
  let held: Value[] = []
  expose(registries, { name, help, type: 'gauge' }, () => held)
  return {
    set(value) {
      held = value === null ? [] : [{ value, labels: {} }]
    },
    setAll(values) {
      held = values.map(({ labels, value }) => ({ value, labels }))
    },
  }
}
