/**
 * @module DNS rebinding: a page on an attacker's domain that resolves to this server
 * (or to a svc on the visitor's own machine) is same-origin with itself, so the browser
 * lets it call the API, and the same-origin checks, which trust the request's own Host,
 * would let it sign up or log in. The control plane (/api/v3 except the public share
 * endpoints and /health) therefore answers only requests addressed to this server by
 * name: with SVC_BASE_URL set, its host name or a loopback name (localhost, 127.x.x.x,
 * [::1]: a development or on-host client); without it, on a server bound to loopback,
 * loopback names only. A server bound to a public interface without SVC_BASE_URL has no
 * name to check against.
 */
import { Elysia } from 'elysia'
import type { Config } from '../config.ts'
import { AppError } from '../contract/errors.ts'

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/** Paths any Host may reach: the public share endpoints (CORS `*`) and the load balancers' health and readiness checks. */
const OPEN_PATHS = /^\/api\/v3\/(share\/|health$|ready$)/

const isLoopbackName = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)

/** The host names the control plane answers besides loopback ones; null when any host is answered. */
export function expectedHostname(config: Config): string | null | 'loopback only' {
  if (!config.baseUrlFromPort) return new URL(config.baseUrl).hostname
  return LOOPBACK_BINDS.has(config.host) ? 'loopback only' : null
}

/** Why a request to `url` may not reach the control plane, or null when it may. */
export function hostProblem(config: Config, url: URL): string | null {
  if (!url.pathname.startsWith('/api/v3/') || OPEN_PATHS.test(url.pathname)) return null
  const expected = expectedHostname(config)
  const hostname = url.hostname.toLowerCase()
  if (expected === null || hostname === expected || isLoopbackName(hostname)) return null
  return expected === 'loopback only'
    ? `This server answers its API only as localhost (it listens on ${config.host} and SVC_BASE_URL is not set), not as "${url.host}": ` +
        'behind a reverse proxy, set SVC_BASE_URL to the public URL'
    : `This server answers its API only as ${expected} (SVC_BASE_URL) or localhost, not as "${url.host}"`
}

/**
 * Refuses control-plane requests addressed to another host name (403 `forbidden`). A
 * request without a Host header (HTTP/1.0, e.g. HAProxy's health check) has a bare path
 * for its URL; browsers always send Host, so it is no rebinding and passes.
 */
export const allowedHost = (config: Config) =>
  new Elysia({ name: 'svc/allowed-host' }).onRequest(({ request }) => {
    const url = URL.parse(request.url)
    const problem = url && hostProblem(config, url)
    if (problem) throw new AppError('forbidden', problem)
  })
