/**
 * A real Prometheus (Debian's) scrapes svc's metrics listener and answers, through its
 * query API, what svc did: the records stored, the requests by operation. promtool checks
 * the exposition text as Prometheus's own linter does.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { makeEndpoint } from '../support/records.ts'
import { type Prometheus, prometheusPath, promtoolPath, startPrometheus } from '../support/prometheus.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const missing = prometheusPath() && promtoolPath() ? null : 'no prometheus (apt-get install -y prometheus)'
if (missing) console.warn(`⚠ metrics scraped by Prometheus: skipped — ${missing}`)

/** Asks `ask` again until it gives something `done` accepts (a scrape a second), at most `tries` times. */
async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, tries = 40): Promise<T> {
  let value = await ask()
  for (let i = 0; i < tries && !done(value); i++) {
    await Bun.sleep(250)
    value = await ask()
  }
  return value
}

describe.skipIf(missing !== null)('Prometheus scrapes svc', () => {
  let server: TestServer
  let prometheus: Prometheus
  afterAll(async () => {
    await prometheus?.stop()
    await server?.close()
  })

  test('the values Prometheus reads back are what svc did', async () => {
    server = await startTestServer({ SVC_METRICS_ADDR: '127.0.0.1:0' })
    prometheus = await startPrometheus([server.metricsUrl!.replace('http://', '')])
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}${endpoint.path()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n: i }),
      })
      expect(res.status).toBe(200)
    }
    const stored = await eventually(
      () => prometheus.query('svc_records_stored_total'),
      (result) => result[0]?.value === 7,
    )
    expect(stored).toEqual([
      { metric: { __name__: 'svc_records_stored_total', instance: expect.any(String), job: 'svc' }, value: 7 },
    ])
    const posts = await prometheus.query('svc_http_requests_total{route="ingest.post"}')
    expect(posts.map((p) => [p.metric.status, p.value])).toEqual([['200', 7]])
    const up = await prometheus.query('up')
    expect(up.map((u) => u.value)).toEqual([1])
  }, 30_000)

  test('promtool finds nothing wrong with the exposition text', async () => {
    const text = await (await fetch(`${server.metricsUrl}/metrics`)).text()
    const check = Bun.spawn([promtoolPath()!, 'check', 'metrics'], {
      stdin: new Blob([text]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, out, err] = await Promise.all([
      check.exited,
      new Response(check.stdout).text(),
      new Response(check.stderr).text(),
    ])
    expect({ code, problems: `${out}${err}`.trim() }).toEqual({ code: 0, problems: '' })
  })
})
