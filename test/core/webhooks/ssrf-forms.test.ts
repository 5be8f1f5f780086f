/**
 * Every non-public address form a webhook could be pointed at, refused when the webhook is
 * added (as a literal and as a name resolving to it) and again when it is delivered to (the
 * name's answer changed since), through a resolver stub: nothing is ever sent off loopback.
 * The one allowed delivery goes to a loopback receiver through the test opt-in
 * (SVC_WEBHOOK_ALLOW_PRIVATE), reached by the address the stub gave, not by a second look-up.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import type { TargetNet } from '../../../server/core/webhooks/target.ts'
import { createWebhookWorker } from '../../../server/core/webhooks/worker.ts'
import { systemTargetNet } from '../../../server/net/target-net.ts'
import type { ErrorEnvelope } from '../../support/call.ts'
import { testApp } from '../../support/http.ts'
import { makeEndpoint } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'
import { startReceiver, type Receiver } from '../../support/webhook-receiver.ts'

const HINT = 'which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets'

/** [how the host is written in a URL, the address svc names, the block it names]. */
const FORMS: Array<[string, string, string]> = [
  ['0.0.0.0', '0.0.0.0', 'this network, RFC 791'],
  ['0.1.2.3', '0.1.2.3', 'this network, RFC 791'],
  ['10.0.0.1', '10.0.0.1', 'private-use, RFC 1918'],
  ['100.64.0.1', '100.64.0.1', 'shared address space (carrier-grade NAT), RFC 6598'],
  ['127.0.0.1', '127.0.0.1', 'loopback, RFC 1122'],
  ['0x7f.1', '127.0.0.1', 'loopback, RFC 1122'],
  ['2130706433', '127.0.0.1', 'loopback, RFC 1122'],
  ['0177.0.0.1', '127.0.0.1', 'loopback, RFC 1122'],
  ['127.1.2.3', '127.1.2.3', 'loopback, RFC 1122'],
  ['169.254.169.254', '169.254.169.254', 'link-local, RFC 3927'],
  ['172.16.0.1', '172.16.0.1', 'private-use, RFC 1918'],
  ['172.31.255.255', '172.31.255.255', 'private-use, RFC 1918'],
  ['192.0.0.170', '192.0.0.170', 'IETF protocol assignments, RFC 6890'],
  ['192.0.2.1', '192.0.2.1', 'documentation (TEST-NET-1), RFC 5737'],
  ['192.31.196.1', '192.31.196.1', 'AS112-v4, RFC 7535'],
  ['192.52.193.1', '192.52.193.1', 'AMT, RFC 7450'],
  ['192.88.99.1', '192.88.99.1', 'deprecated 6to4 relay anycast, RFC 7526'],
  ['192.168.1.1', '192.168.1.1', 'private-use, RFC 1918'],
  ['192.175.48.1', '192.175.48.1', 'direct delegation AS112 service, RFC 7534'],
  ['198.18.0.1', '198.18.0.1', 'benchmarking, RFC 2544'],
  ['198.19.255.254', '198.19.255.254', 'benchmarking, RFC 2544'],
  ['198.51.100.1', '198.51.100.1', 'documentation (TEST-NET-2), RFC 5737'],
  ['203.0.113.1', '203.0.113.1', 'documentation (TEST-NET-3), RFC 5737'],
  ['224.0.0.1', '224.0.0.1', 'multicast, RFC 5771'],
  ['239.255.255.250', '239.255.255.250', 'multicast, RFC 5771'],
  ['240.0.0.1', '240.0.0.1', 'reserved, RFC 1112'],
  ['255.255.255.255', '255.255.255.255', 'limited broadcast, RFC 919'],
  ['[::]', '::', 'unspecified, RFC 4291'],
  ['[::1]', '::1', 'loopback, RFC 4291'],
  ['[::127.0.0.1]', '::7f00:1', 'IPv4-compatible (deprecated), RFC 4291'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1', 'IPv4-mapped, RFC 4291'],
  ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', 'IPv4-mapped, RFC 4291'],
  ['[64:ff9b::169.254.169.254]', '64:ff9b::a9fe:a9fe', 'IPv4-IPv6 translation (NAT64), RFC 6052'],
  ['[64:ff9b:1::169.254.169.254]', '64:ff9b:1::a9fe:a9fe', 'local-use IPv4-IPv6 translation, RFC 8215'],
  ['[100::1]', '100::1', 'discard-only, RFC 6666'],
  ['[100:0:0:1::1]', '100:0:0:1::1', 'dummy IPv6 prefix, RFC 9780'],
  ['[2001::1]', '2001::1', 'TEREDO, RFC 4380'],
  ['[2001:2::1]', '2001:2::1', 'benchmarking, RFC 5180'],
  ['[2001:10::1]', '2001:10::1', 'deprecated ORCHID, RFC 4843'],
  ['[2001:20::1]', '2001:20::1', 'ORCHIDv2, RFC 7343'],
  ['[2001:db8::1]', '2001:db8::1', 'documentation, RFC 3849'],
  ['[2002:7f00:1::1]', '2002:7f00:1::1', '6to4, RFC 3056'],
  ['[2620:4f:8000::1]', '2620:4f:8000::1', 'direct delegation AS112 service, RFC 7534'],
  ['[3fff::1]', '3fff::1', 'documentation, RFC 9637'],
  ['[5f00::1]', '5f00::1', 'segment routing (SRv6) SIDs, RFC 9602'],
  ['[fc00::1]', 'fc00::1', 'unique-local, RFC 4193'],
  ['[fd00:ec2::254]', 'fd00:ec2::254', 'unique-local, RFC 4193'],
  ['[fe80::1]', 'fe80::1', 'link-local, RFC 4291'],
  ['[fec0::1]', 'fec0::1', 'site-local (deprecated), RFC 3879'],
  ['[ff02::1]', 'ff02::1', 'multicast, RFC 4291'],
  ['[4000::1]', '4000::1', 'outside global unicast 2000::/3, RFC 4291'],
]

/** Public addresses next to the blocks above, which webhooks may reach. */
const PUBLIC = ['93.184.215.14', '198.20.0.1', '100.128.0.1', '172.32.0.1', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']

/** The real address check with a DNS whose answers the test sets and whose look-ups it counts. */
function stubNet(answers: Record<string, string[]>): TargetNet & { lookups: string[] } {
  const lookups: string[] = []
  return {
    ...systemTargetNet,
    lookups,
    async resolve(host) {
      lookups.push(host)
      if (!(host in answers)) throw new Error(`getaddrinfo ENOTFOUND ${host}`)
      return answers[host]
    },
  }
}

async function setup(answers: Record<string, string[]>, config = {}) {
  const t = testApp({ rateLimit: null, ...config })
  const net = stubNet(answers)
  t.ctx.webhooks.net = net
  const owner = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id)
  const appId = endpoint.appId
  const add = (url: string) => t.call('webhooks.add', { params: { id: appId }, body: { url } }, { token: owner.token })
  /** Sends the test event to webhook `id` now. */
  const sendTest = (id: string) =>
    t.call('webhooks.test', { params: { id: appId, webhook: id } }, { token: owner.token })
  return { ...t, net, owner, endpoint, appId, add, sendTest }
}

const refusal = (host: string, address: string, block: string): ErrorEnvelope => {
  const message = `the host ${host} resolves to ${address} (${block}), ${HINT}`
  return {
    code: 422,
    error: { type: 'validation', message: `url: ${message}`, details: { problems: [{ path: 'url', message }] } },
  }
}

describe('webhook targets: every non-public form is refused when added', () => {
  test.each(FORMS)('http://%s/ → %s (%s)', async (host, address, block) => {
    const t = await setup({ 'inside.example.com': [PUBLIC[0], address] })
    const literal = await t.add(`http://${host}/hook`)
    expect([literal.status, literal.body]).toEqual<[number, ErrorEnvelope]>([422, refusal(address, address, block)])
    // A name with one public and one inside address is refused for the inside one.
    const named = await t.add('https://inside.example.com/hook')
    expect([named.status, named.body]).toEqual<[number, ErrorEnvelope]>([
      422,
      refusal('inside.example.com', address, block),
    ])
    expect(await t.ctx.storage.webhooks.list(t.appId)).toEqual([])
  })

  test('public addresses next to those blocks are accepted, and only they are stored', async () => {
    const t = await setup({})
    for (const address of PUBLIC) {
      const res = await t.add(`https://${address.includes(':') ? `[${address}]` : address}/hook`)
      expect(res.status).toBe(200)
    }
    expect((await t.ctx.storage.webhooks.list(t.appId)).length).toBe(PUBLIC.length)
  })
})

describe('webhook targets: checked again when delivered, the connection pinned to the checked address', () => {
  const receivers: Receiver[] = []
  afterEach(() => {
    for (const receiver of receivers.splice(0)) receiver.stop()
  })

  test('a name that resolved public when added and resolves to any inside form later is refused before any connection', async () => {
    const answers: Record<string, string[]> = { 'moving.example.com': [PUBLIC[0]] }
    const t = await setup(answers)
    const added = await t.add('https://moving.example.com/hook')
    expect(added.status).toBe(200)
    for (const [, address, block] of FORMS) {
      answers['moving.example.com'] = [address]
      const sent = await t.sendTest(added.body.data.id)
      expect([sent.status, { ...sent.body.data, id: 'x', latencyMs: 0 }]).toEqual([
        200,
        {
          delivered: false,
          id: 'x',
          status: null,
          error: `refused: the host moving.example.com resolves to ${address} (${block}), ${HINT}`,
          latencyMs: 0,
          response: null,
        },
      ])
    }
  })

  test('DNS rebinding: public when added, loopback when the worker delivers → refused, and the receiver hears nothing', async () => {
    const receiver = startReceiver()
    receivers.push(receiver)
    const port = new URL(receiver.url).port
    const answers: Record<string, string[]> = { 'rebind.example.com': [PUBLIC[0]] }
    const t = await setup(answers)
    const added = await t.add(`http://rebind.example.com:${port}/hook`)
    expect(added.status).toBe(200)
    answers['rebind.example.com'] = ['127.0.0.1']
    expect((await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { n: 1 } })).status).toBe(200)
    const worker = createWebhookWorker(t.ctx, { net: t.net, random: () => 0.5 })
    expect(await worker.runOnce()).toBe(1)
    expect(receiver.received).toEqual([])
    const log = await t.call(
      'webhooks.deliveries',
      { params: { id: t.appId, webhook: added.body.data.id } },
      { token: t.owner.token },
    )
    const [delivery] = log.body.data.deliveries
    expect([delivery.status, delivery.lastStatus, delivery.lastError, delivery.lastResponse]).toEqual([
      'pending',
      null,
      `refused: the host rebind.example.com resolves to 127.0.0.1 (loopback, RFC 1122), ${HINT}`,
      null,
    ])
  })

  test('an allowed delivery connects to the address the one look-up gave, keeping the name in Host', async () => {
    const receiver = startReceiver()
    receivers.push(receiver)
    const port = new URL(receiver.url).port
    // The name exists only in the stub: the receiver is reached through the stub's answer or not at all.
    const t = await setup({ 'receiver.example.com': ['127.0.0.1'] }, { webhookAllowPrivate: true })
    const added = await t.add(`http://receiver.example.com:${port}/hook`)
    expect(added.status).toBe(200)
    t.net.lookups.length = 0
    const sent = await t.sendTest(added.body.data.id)
    expect({ ...sent.body.data, latencyMs: 0 }).toEqual({
      delivered: true,
      id: expect.stringMatching(/^msg_test_/),
      status: 200,
      error: null,
      latencyMs: 0,
      response: null,
    })
    expect(t.net.lookups).toEqual(['receiver.example.com'])
    expect(receiver.received.length).toBe(1)
    expect(receiver.received[0].headers.host).toBe(`receiver.example.com:${port}`)
  })
})
