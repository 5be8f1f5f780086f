/**
 * Who the client is (issue 17 row 4): the socket's peer, unless that peer is a trusted
 * proxy (SVC_TRUST_PROXY), whose X-Forwarded-For is then read from the right.
 */
import { describe, expect, test } from 'bun:test'
import { clientAddress, notePeerAddress } from '../../server/http/client-address.ts'

function request(peer: string | null, forwarded?: string): Request {
  const made = new Request('http://localhost/api/v3/share/x', {
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  })
  notePeerAddress(made, peer)
  return made
}

describe('clientAddress', () => {
  const cases: Array<{
    name: string
    peer: string | null
    forwarded?: string
    trust: string[]
    client: string | null
  }> = [
    { name: 'no socket (app.handle)', peer: null, trust: [], client: null },
    { name: 'the socket peer', peer: '203.0.113.7', trust: [], client: '203.0.113.7' },
    { name: 'an IPv4-mapped peer is spelled as IPv4', peer: '::ffff:203.0.113.7', trust: [], client: '203.0.113.7' },
    {
      name: 'X-Forwarded-For is ignored without trusted proxies',
      peer: '203.0.113.7',
      forwarded: '198.51.100.1',
      trust: [],
      client: '203.0.113.7',
    },
    {
      name: 'X-Forwarded-For is ignored from a peer that is not trusted',
      peer: '203.0.113.7',
      forwarded: '198.51.100.1',
      trust: ['127.0.0.1'],
      client: '203.0.113.7',
    },
    {
      name: 'a trusted proxy names the client',
      peer: '127.0.0.1',
      forwarded: '198.51.100.1',
      trust: ['127.0.0.1'],
      client: '198.51.100.1',
    },
    {
      name: 'what the client wrote left of it proves nothing',
      peer: '127.0.0.1',
      forwarded: '6.6.6.6, 198.51.100.1',
      trust: ['127.0.0.1'],
      client: '198.51.100.1',
    },
    {
      name: 'a chain of trusted proxies (CIDR) is skipped from the right',
      peer: '10.0.0.2',
      forwarded: '6.6.6.6, 198.51.100.1, 10.0.0.9',
      trust: ['10.0.0.0/8'],
      client: '198.51.100.1',
    },
    { name: 'IPv6 proxies and clients', peer: '::1', forwarded: '2001:db8::5', trust: ['::1'], client: '2001:db8::5' },
    {
      name: 'a trusted proxy without the header is the client',
      peer: '127.0.0.1',
      trust: ['127.0.0.1'],
      client: '127.0.0.1',
    },
    {
      name: 'a hop that is no address stops the walk at the last good one',
      peer: '127.0.0.1',
      forwarded: 'garbage, 198.51.100.1',
      trust: ['127.0.0.1'],
      client: '198.51.100.1',
    },
    {
      name: 'a last hop that is no address leaves the proxy',
      peer: '127.0.0.1',
      forwarded: 'unknown',
      trust: ['127.0.0.1'],
      client: '127.0.0.1',
    },
    {
      name: 'only trusted hops: the leftmost',
      peer: '127.0.0.1',
      forwarded: '10.1.1.1, 10.0.0.9',
      trust: ['127.0.0.1', '10.0.0.0/8'],
      client: '10.1.1.1',
    },
  ]
  test.each(cases)('$name', ({ peer, forwarded, trust, client }) => {
    expect(clientAddress(request(peer, forwarded), null, { trustProxy: trust })).toBe(client)
  })

  test('the server passed in answers when no peer was noted', () => {
    const bare = new Request('http://localhost/')
    expect(clientAddress(bare, { requestIP: () => ({ address: '192.0.2.9' }) }, { trustProxy: [] })).toBe('192.0.2.9')
  })
})
