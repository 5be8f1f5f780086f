/**
 * @module Debian's Prometheus for tests: started on a free loopback port with a temp data
 * folder, scraping the given targets every second; read back through its query API.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { freePort } from './ports.ts'
import { tempDir } from './tmp.ts'

/** The prometheus binary, or null when Debian's prometheus is not installed. */
export const prometheusPath = (): string | null => Bun.which('prometheus')

/** The promtool binary (the same package), or null. */
export const promtoolPath = (): string | null => Bun.which('promtool')

export interface Prometheus {
  url: string
  /** The samples of an instant query, as `[labels, value]`. */
  query(expression: string): Promise<Array<{ metric: Record<string, string>; value: number }>>
  stop(): Promise<void>
}

/** Starts Prometheus scraping `targets` (`host:port`, path /metrics) every second; resolves once it answers. */
export async function startPrometheus(targets: string[]): Promise<Prometheus> {
  const binary = prometheusPath()
  if (!binary) throw new Error('prometheus is not installed (apt-get install -y prometheus)')
  const dir = tempDir('prometheus-')
  const port = freePort()
  const config = join(dir, 'prometheus.yml')
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: svc',
      `    static_configs: [{ targets: [${targets.map((t) => `"${t}"`).join(', ')}] }]`,
      '',
    ].join('\n'),
  )
  const proc: Subprocess = Bun.spawn(
    [
      binary,
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  )
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`prometheus exited: ${await new Response(proc.stderr as ReadableStream).text()}`)
    const ready = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    await Bun.sleep(100)
  }
  return {
    url,
    async query(expression) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`, {
        signal: AbortSignal.timeout(5000),
      })
      const body = (await res.json()) as {
        status: string
        data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> }
      }
      if (body.status !== 'success') throw new Error(`prometheus query ${expression}: ${JSON.stringify(body)}`)
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }))
    },
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
    },
  }
}
