/**
 * @module Requests without a Host header (HTTP/1.0: HAProxy's plain health check, old
 * devices and scripts): Bun gives such a request its target as the bare path, which
 * `new URL` refuses with a TypeError. The listener rebuilds it as addressed to localhost
 * (`addressed`) before the app sees it, so everything downstream has a whole URL; what runs
 * before that (the readiness probe, the access log, which see the request as it came) reads
 * it with `requestUrl`. No browser sends such a request, so it cannot be a rebinding attack.
 */

/** Where a host-less request is taken to be addressed. */
const NO_HOST = 'http://localhost'

/** The URL of `request`, whether or not it named a host. */
export const requestUrl = (request: Request): URL => new URL(request.url, NO_HOST)

/** `request` itself, or for one that named no host the same request addressed to localhost. */
export const addressed = (request: Request): Request =>
  URL.canParse(request.url) ? request : new Request(requestUrl(request), request)
