/**
 * @module The metrics listener of SVC_METRICS_ADDR: `GET /metrics` without a token, for a
 * Prometheus on the same machine or a private network, and nothing else (404). Its port
 * may be 0 (the OS picks one: tests), so it says the address it got.
 */
import type { Metrics } from '../core/metrics.ts'
import { METRICS_CONTENT_TYPE } from './registry.ts'
import { requestUrl } from '../http/request-url.ts'

export interface MetricsListener {
  /** `http://host:port`, the port the OS gave. */
  readonly url: string
  stop(): Promise<void>
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** Listens on `addr` at once. */
export function listenForMetrics(addr: { host: string; port: number }, metrics: Metrics): MetricsListener {
  const server = Bun.serve({
    hostname: addr.host,
    port: addr.port,
    fetch: async (request) => {
      const { pathname } = requestUrl(request)
      if (pathname !== '/metrics') return plain(404, 'Not found: this listener answers GET /metrics only\n')
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return new Response('Only GET\n', { status: 405, headers: { allow: 'GET, HEAD' } })
      return new Response(await metrics.scrape(), {
        headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
      })
    },
  })
  const host = addr.host.includes(':') ? `[${addr.host}]` : addr.host
  return { url: `http://${host}:${server.port}`, stop: () => server.stop(true) }
}
