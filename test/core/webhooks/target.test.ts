import { afterEach, describe, expect, test } from 'bun:test'
import { sendAttempt } from '../../../server/core/webhooks/send.ts'
import type { TargetNet } from '../../../server/core/webhooks/target.ts'
import { targetProblem } from '../../../server/core/webhooks/target.ts'
import { systemTargetNet } from '../../../server/net/target-net.ts'

const HINT = 'which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets'
/** The real address ranges with a made-up DNS. */
const resolver = (addresses: Record<string, string[]>): TargetNet => ({
  ...systemTargetNet,
  async resolve(host) {
    if (!(host in addresses)) throw new Error(`getaddrinfo ENOTFOUND ${host}`)
    return addresses[host]
  },
})

describe('webhook targets (SSRF), checked after resolution', () => {
  const dns = resolver({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.example.com': ['93.184.215.14', '10.1.2.3'],
    'metadata.example.com': ['169.254.169.254'],
    'cgnat.example.com': ['100.100.100.200'],
    'six.example.com': ['::1'],
  })
  const cases: Array<[string, string | null]> = [
    ['https://hooks.example.com/x', null],
    [
      'https://rebind.example.com/x',
      `the host rebind.example.com resolves to 10.1.2.3 (private-use, RFC 1918), ${HINT}`,
    ],
    [
      'http://metadata.example.com/latest',
      `the host metadata.example.com resolves to 169.254.169.254 (link-local, RFC 3927), ${HINT}`,
    ],
    [
      'http://cgnat.example.com/',
      `the host cgnat.example.com resolves to 100.100.100.200 (shared address space (carrier-grade NAT), RFC 6598), ${HINT}`,
    ],
    ['http://six.example.com/', `the host six.example.com resolves to ::1 (loopback, RFC 4291), ${HINT}`],
    ['http://0.0.0.0/', `the host 0.0.0.0 resolves to 0.0.0.0 (this network, RFC 791), ${HINT}`],
    ['http://0x7f.1/', `the host 127.0.0.1 resolves to 127.0.0.1 (loopback, RFC 1122), ${HINT}`],
    [
      'http://gone.example.com/',
      'the host gone.example.com could not be resolved (getaddrinfo ENOTFOUND gone.example.com)',
    ],
    ['file:///etc/passwd', 'the URL must be an absolute http:// or https:// URL without user name or password'],
  ]
  for (const [url, problem] of cases) {
    test(url, async () => {
      expect(await targetProblem(url, false, dns)).toBe(problem)
    })
  }

  test('SVC_WEBHOOK_ALLOW_PRIVATE skips the address check, not the URL check', async () => {
    expect(await targetProblem('http://metadata.example.com/', true, dns)).toBeNull()
    expect(await targetProblem('file:///etc/passwd', true, dns)).toBe(
      'the URL must be an absolute http:// or https:// URL without user name or password',
    )
  })
})

describe('one attempt', () => {
  let stop: (() => void) | null = null
  afterEach(() => stop?.())

  test('a name resolving inside is refused before any connection', async () => {
    const outcome = await sendAttempt(
      { url: 'http://internal.example.com/', secret: 'whsec_AAAA', id: 'msg_1', body: '{}', now: 0 },
      { allowPrivate: false, net: resolver({ 'internal.example.com': ['192.168.1.10'] }) },
    )
    expect({ ...outcome, latencyMs: 0 }).toEqual({
      ok: false,
      status: null,
      error: `refused: the host internal.example.com resolves to 192.168.1.10 (private-use, RFC 1918), ${HINT}`,
      latencyMs: 0,
      response: null,
    })
  })

  test('no answer within the timeout is a failure; the status of an answer is kept, never its body', async () => {
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) =>
        new URL(request.url).pathname === '/slow'
          ? new Promise<Response>(() => {})
          : new Response('x'.repeat(10_000), { status: 503 }),
    })
    stop = () => void server.stop(true)
    const base = `http://127.0.0.1:${server.port}`
    const slow = await sendAttempt(
      { url: `${base}/slow`, secret: 'whsec_AAAA', id: 'msg_1', body: '{}', now: 0 },
      { allowPrivate: true, net: systemTargetNet, timeoutMs: 100 },
    )
    expect({ ...slow, latencyMs: 0 }).toEqual({
      ok: false,
      status: null,
      error: 'no answer within 0.1 s',
      latencyMs: 0,
      response: null,
    })
    const big = await sendAttempt(
      { url: `${base}/big`, secret: 'whsec_AAAA', id: 'msg_1', body: '{}', now: 0 },
      { allowPrivate: true, net: systemTargetNet },
    )
    expect({ ...big, latencyMs: 0 }).toEqual({
      ok: false,
      status: 503,
      error: 'HTTP 503',
      latencyMs: 0,
      response: null,
    })
  })
})
