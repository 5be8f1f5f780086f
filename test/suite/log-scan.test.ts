/**
 * The run's log scan (test/support/log-scan.ts) finds a secret in a log line whichever came
 * first, the line or the answer that revealed the secret, and finds nothing in lines
 * without one. The run's own scan fails the run from the preload; this one is a fresh scan.
 */
import { describe, expect, test } from 'bun:test'
import { target } from '../support/call.ts'
import { createLogScan } from '../support/log-scan.ts'

const ENDPOINT = 'Qm9vdHN0cmFwcGVkLXRva2VuLTAxMjM0NTY3'
/** The endpoint's path, as every ingest route starts. */
const SHARE = target('ingest.post', { params: { token: ENDPOINT } }).path
const SESSION = 'c2Vzc2lvbi12YWx1ZS1sb25nLWVub3VnaC0wMQ'

describe('the log scan', () => {
  test('a clean log has no leaks, though it names ids and request ids', () => {
    const scan = createLogScan()
    scan.secret(ENDPOINT)
    scan.sink(
      'info',
      '2026-12-04T04:00:00.000Z INFO  request {"id":"0193a1a1-0000-7000-8000-000000000001","route":"ingest.post"}',
    )
    scan.sink('warn', 'a line with a long word aaaaaaaaaaaaaaaaaaaaaaaaaaaaa but no secret')
    expect(scan.leaks()).toEqual([])
  })

  test('an endpoint token from a request path, logged before or after it was seen', () => {
    const before = createLogScan()
    before.sink('info', `request {"path":"${SHARE}/form"}`)
    before.path(`${SHARE}`)
    expect(before.leaks()).toEqual([`a secret: request {"path":"${SHARE}/form"}`])

    const after = createLogScan()
    after.path(`${SHARE}/batch`)
    after.sink('error', `failed for ${ENDPOINT}`)
    expect(after.leaks()).toEqual([`a secret: failed for ${ENDPOINT}`])
  })

  test('tokens and secrets in JSON answers, at any depth', () => {
    const scan = createLogScan()
    scan.answer({ data: { session: { token: SESSION }, webhooks: [{ secret: 'whsec_not-a-real-secret-0123' }] } })
    scan.sink('debug', `cookie ${SESSION}`)
    expect(scan.leaks()).toEqual([`a secret: cookie ${SESSION}`])
  })

  test('access tokens, webhook secrets and the suite passwords by their form, noted or not', () => {
    const scan = createLogScan()
    scan.sink('info', 'auth header svc_pat_abcdefghijklmnopqrstuvwx')
    scan.sink('info', 'signing with whsec_QUJDREVGR0hJSktMTU5PUFFS')
    scan.sink('info', 'login {"password":"correct horse"}')
    expect(scan.leaks()).toEqual([
      'a token (svc_pat_[A-Za-z0-9_-]{16,}): auth header svc_pat_abcdefghijklmnopqrstuvwx',
      'a token (whsec_[A-Za-z0-9+/=]{16,}): signing with whsec_QUJDREVGR0hJSktMTU5PUFFS',
      'a password: login {"password":"correct horse"}',
    ])
  })

  test('values too short to be secrets are not noted', () => {
    const scan = createLogScan()
    scan.secret('short')
    scan.sink('info', 'short')
    expect(scan.leaks()).toEqual([])
  })
})
