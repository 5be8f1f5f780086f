/**
 * GET /metrics: off (404) until SVC_METRICS_TOKEN is set, then behind that bearer token; on
 * SVC_METRICS_ADDR's own listener without one. The counters say what a user did: requests
 * by operation and status, records stored and refused by reason, and the gauges are there.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { addField } from '../../server/core/fields/fields.ts'
import { addWebhook } from '../../server/core/webhooks/manage.ts'
import { makeEndpoint } from '../support/records.ts'
import { startTestServer } from '../support/server.ts'

const TOKEN = 'metrics-token-0123456789'

/** The value of the sample `name{labels}` in exposition text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

const off = await startTestServer()
const main = await startTestServer({ SVC_METRICS_TOKEN: TOKEN })
const own = await startTestServer({ SVC_METRICS_ADDR: '127.0.0.1:0' })
const perApp = await startTestServer({
  SVC_METRICS_ADDR: '127.0.0.1:0',
  SVC_METRICS_PER_APP: 'true',
  SVC_WEBHOOK_ALLOW_PRIVATE: '1',
})
afterAll(async () => {
  await Promise.all([off.close(), main.close(), own.close(), perApp.close()])
})

describe('metrics off', () => {
  const server = off

  test('GET /metrics is 404 saying how to turn them on, and no metrics listener runs', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      code: 404,
      error: {
        type: 'not_found',
        message: 'Metrics are off: set SVC_METRICS_TOKEN (or SVC_METRICS_ADDR) to turn them on',
      },
    })
    expect(server.metricsUrl).toBeNull()
    expect(server.ctx.metrics.enabled).toBe(false)
  })
})

describe('metrics on the main port', () => {
  const server = main
  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} })

  test('without the token, or with another, 401 with WWW-Authenticate; nothing about the server shown', async () => {
    for (const authorization of [undefined, 'Bearer metrics-token-012345678X', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="svc metrics"')
      expect(await res.json()).toEqual({
        code: 401,
        error: { type: 'unauthorized', message: 'Send the metrics token: Authorization: Bearer <SVC_METRICS_TOKEN>' },
      })
    }
  })

  test('posts are counted by operation and status, stored records and refusals by reason', async () => {
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
    const url = `${server.url}${endpoint.path()}`
    expect((await post(url, { email: 'ada@example.com' })).status).toBe(200)
    expect((await post(url, { email: 'grace@example.com' })).status).toBe(200)
    expect((await post(`${url}/batch`, [{ n: 1 }, { n: 2 }, { n: 3 }])).status).toBe(200)
    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.type).toBe('bad_json')
    expect((await post(`${server.url}/api/v3/share/svc_ep_nosuchendpoint00000000`, { a: 1 })).status).toBe(404)

    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await res.text()
    expect(sample(text, 'svc_http_requests_total{route="ingest.post",status="200"}')).toBe(2)
    expect(sample(text, 'svc_http_requests_total{route="ingest.batch",status="200"}')).toBe(1)
    expect(sample(text, 'svc_http_requests_total{route="ingest.post",status="400"}')).toBe(1)
    expect(sample(text, 'svc_http_request_duration_seconds_count{route="ingest.post"}')).toBe(4)
    expect(sample(text, 'svc_records_stored_total')).toBe(5)
    expect(sample(text, 'svc_records_spam_total')).toBe(0)
    expect(sample(text, 'svc_records_refused_total{reason="bad_json"}')).toBe(1)
    expect(sample(text, 'svc_records_refused_total{reason="not_found"}')).toBe(1)
    expect(sample(text, 'svc_streams_open')).toBe(0)
    expect(sample(text, 'svc_storage_available')).toBe(1)
    expect(sample(text, 'svc_disk_free_bytes')).toBeGreaterThan(0)
    if (!process.env.DATABASE_URL) expect(sample(text, 'svc_database_bytes')).toBeGreaterThan(0)
    expect(text).toContain('\nprocess_resident_memory_bytes ')
    expect(text).toContain('\nnodejs_eventloop_lag_p99_seconds ')
    // No label names an app, a user or a token.
    expect(text).not.toContain(endpoint.appId)
    expect(text).not.toContain(endpoint.token)
    expect(text).not.toContain(user.id)
    expect(text).not.toContain('svc_ep_nosuchendpoint')
  })

  test('paths no operation has are counted as route "other", never by their path', async () => {
    expect((await fetch(`${server.url}/no/such/path/secret-looking-0123`)).status).toBe(404)
    const text = await (await scrape(`Bearer ${TOKEN}`)).text()
    expect(sample(text, 'svc_http_requests_total{route="other",status="404"}')).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain('secret-looking')
  })
})

describe('metrics on a listener of their own', () => {
  const server = own

  test('GET /metrics answers without a token; other paths 404; the main port keeps /metrics at 404', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${server.url}/api/v3/health`)).status).toBe(200)
    const res = await fetch(`${server.metricsUrl}/metrics`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(sample(text, 'svc_http_requests_total{route="health.get",status="200"}')).toBe(1)
    const other = await fetch(`${server.metricsUrl}/api/v3/health`)
    expect(other.status).toBe(404)
    expect(await other.text()).toBe('Not found: this listener answers GET /metrics only\n')
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
  })

  test('it stops with the server', async () => {
    const extra = await startTestServer({ SVC_METRICS_ADDR: '127.0.0.1:0' })
    const url = extra.metricsUrl!
    await extra.close()
    await expect(fetch(`${url}/metrics`)).rejects.toThrow()
  })
})

describe('figures from the database', () => {
  const server = perApp
  const scrape = async () => (await fetch(`${server.metricsUrl}/metrics`)).text()

  /** A loopback port nothing listens on: a delivery to it fails at once and waits for its retry. */
  function closedPort(): number {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const port = listener.port
    listener.stop(true)
    return port
  }

  test("files and their bytes, webhook events waiting, the database size, and each app's counts", async () => {
    const before = await scrape()
    expect(sample(before, 'svc_files')).toBe(0)
    expect(sample(before, 'svc_file_bytes')).toBe(0)
    expect(sample(before, 'svc_webhook_outbox_depth')).toBe(0)
    expect(sample(before, 'svc_database_bytes')).toBeGreaterThan(0)
    expect(sample(before, 'svc_storage_errors_total')).toBe(0)
    // No backup is scheduled: the age is left out, not shown as 0 ("just made").
    expect(before).toContain('# TYPE svc_backup_age_seconds gauge')
    expect(before).not.toMatch(/^svc_backup_age_seconds /m)

    const { user } = await server.account()
    const quiet = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
    const busy = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
    await addField(server.ctx, user.id, busy.appId, { name: 'cv', type: 'file' })
    await addWebhook(server.ctx, user.id, busy.appId, { url: `http://127.0.0.1:${closedPort()}/hook` })
    const pdf = '%PDF-1.4\n% counted\n%%EOF\n'
    const form = new FormData()
    form.append('name', 'Ada')
    form.append('cv', new Blob([pdf]), 'cv.pdf')
    expect((await fetch(`${server.url}${busy.path('/form')}`, { method: 'POST', body: form })).status).toBe(200)
    expect((await post(`${server.url}${busy.path()}`, { name: 'Bot', _gotcha: 'x' })).status).toBe(200)

    const after = await scrape()
    expect(sample(after, 'svc_files')).toBe(1)
    expect(sample(after, 'svc_file_bytes')).toBe(pdf.length)
    // One commit of one record for the webhook: waiting in the outbox or as a delivery to retry (spam is never sent).
    expect(sample(after, 'svc_webhook_outbox_depth')).toBe(1)
    expect(sample(after, `svc_app_records{app="${busy.appId}"}`)).toBe(1)
    expect(sample(after, `svc_app_spam_records{app="${busy.appId}"}`)).toBe(1)
    expect(sample(after, `svc_app_records{app="${quiet.appId}"}`)).toBe(0)
    expect(sample(after, `svc_app_spam_records{app="${quiet.appId}"}`)).toBe(0)
  })

  test('a server without SVC_METRICS_PER_APP names no app', async () => {
    const { user } = await own.account()
    const endpoint = await makeEndpoint(own.ctx, user.id, { autoCreate: true })
    expect((await post(`${own.url}${endpoint.path()}`, { n: 1 })).status).toBe(200)
    const text = await (await fetch(`${own.metricsUrl}/metrics`)).text()
    expect(text).not.toContain('svc_app_records')
    expect(text).not.toContain(endpoint.appId)
  })
})
