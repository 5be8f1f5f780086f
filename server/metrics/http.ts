/**
 * @module What the listener tells the metrics about each answer: its operation, status
 * and latency (to the start of the answer: a stream's or a download's body is not waited
 * for), and for a refused post to an endpoint its reason, the error type of the answer.
 */
import type { Metrics } from '../core/metrics.ts'
import type { Answered } from '../http/access-log.ts'
import { errorTypeOf } from '../http/errors.ts'

/** The operations that take records from the public: a refusal of theirs is a refused record. */
const POSTS = new Set(['ingest.post', 'ingest.form', 'ingest.batch', 'pages.fillInPost'])

/** Counts an answered request. */
export function noteAnswer(metrics: Metrics, { response, started, route }: Answered): void {
  if (!metrics.enabled) return
  metrics.request(route, response.status, (performance.now() - started) / 1000)
  if (response.status >= 400 && POSTS.has(route)) metrics.refused(errorTypeOf(response) ?? `http_${response.status}`)
}
