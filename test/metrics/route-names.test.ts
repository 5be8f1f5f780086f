/** The operation names the metrics label requests with: the route table's, or `other`. */
import { describe, expect, test } from 'bun:test'
import { routeName } from '../../server/metrics/route-names.ts'

describe('routeName', () => {
  test.each([
    ['POST', '/api/v3/share/svc_ep_abc', 'ingest.post'],
    ['POST', '/api/v3/share/svc_ep_abc/batch', 'ingest.batch'],
    ['GET', '/api/v3/share/svc_ep_abc', 'ingest.help'],
    ['HEAD', '/api/v3/health', 'health.get'],
    ['POST', '/api/v3/apps/a1/fields/accept', 'fields.accept'],
    ['PATCH', '/api/v3/apps/a1/fields/email', 'fields.update'],
    ['GET', '/admin/assets/app.js', 'pages.adminAsset'],
    ['GET', '/metrics', 'metrics.get'],
    ['GET', '/api/v3/nothing/here', 'other'],
    ['BREW', '/api/v3/health', 'other'],
  ])('%s %s is %s', (method, path, name) => {
    expect(routeName(method, path)).toBe(name)
  })
})
