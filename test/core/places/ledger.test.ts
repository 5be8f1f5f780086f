/**
 * The places ledger (core/places/ledger.ts) and the client networks it counts by
 * (core/client-key.ts `clientNetwork`): strangers per network, per app and per process, the
 * owner's apart, each refusal a 429 naming the limit; a released place is free again, once.
 */
import { describe, expect, test } from 'bun:test'
import { AppError } from '../../../server/contract/errors.ts'
import { clientNetwork } from '../../../server/core/client-key.ts'
import { createHeldBytes } from '../../../server/core/places/held-bytes.ts'
import { createLedger, type PlaceClaim } from '../../../server/core/places/ledger.ts'

describe('clientNetwork', () => {
  test.each([
    ['192.0.2.1', '192.0.2.0/24'],
    ['192.0.2.254', '192.0.2.0/24'],
    ['::ffff:192.0.2.9', '192.0.2.0/24'],
    ['2001:db8::1', '2001:db8:0:0::/56'],
    ['2001:db8:0:ff:1:2:3:4', '2001:db8:0:0::/56'],
    ['2001:db8:0:100::1', '2001:db8:0:100::/56'],
    ['[2001:DB8:0:1FF::1]', '2001:db8:0:100::/56'],
  ])('%s counts as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network)
  })
})

/** The message of the error `take` throws, or 'taken'. */
function attempt(take: () => unknown): string {
  try {
    take()
    return 'taken'
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    expect([error.status, error.type, error.details]).toEqual([429, 'rate_limited', { retryAfterSeconds: 7 }])
    return error.message
  }
}

describe('the ledger', () => {
  const limits = { perClient: 2, perApp: 3, perProcess: 4, ownerPerApp: 1, ownerPerProcess: 2 }
  const words = { noun: 'things', appHint: ' (app hint)', clientHint: ' (client hint)' }
  const stranger = (appId: string, client: string | null): PlaceClaim => ({ appId, client, owner: false })

  test('strangers meet the network, then the app, then the process limit; the owner has places apart', () => {
    const ledger = createLedger(() => limits, words, 7)
    const take = (claim: PlaceClaim) => attempt(() => ledger.take(claim))
    expect([
      take(stranger('a', '10.0.0.1')),
      take(stranger('a', '10.0.0.2')),
      take(stranger('a', '10.0.0.3')),
      take(stranger('a', '10.0.1.1')),
      take(stranger('a', '10.0.2.1')),
      take(stranger('b', null)),
      take(stranger('c', '10.0.3.1')),
      take({ appId: 'a', client: '10.0.0.1', owner: true }),
      take({ appId: 'a', client: null, owner: true }),
      take({ appId: 'b', client: null, owner: true }),
      take({ appId: 'c', client: null, owner: true }),
    ]).toEqual([
      'taken',
      'taken',
      'Your network (10.0.0.0/24) has 2 things open, the most one client may have; close one (client hint); retry after 7 s',
      'taken',
      'This app has 3 things open, the most it may have (app hint); retry after 7 s',
      'taken',
      'This server has 4 things open, the most it holds for everyone together; retry after 7 s',
      'taken',
      'The owner has 1 things of this app open, the most the owner may have; close one; retry after 7 s',
      'taken',
      "The owner's things on this server number 2, the most it holds; retry after 7 s",
    ])
    expect([ledger.size, ledger.strangers]).toEqual([6, 4])
  })

  test('a released place is free again; releasing twice gives back one', () => {
    const ledger = createLedger(() => ({ ...limits, perClient: 1 }), words, 7)
    const place = ledger.take(stranger('a', '10.0.0.1'))
    expect(attempt(() => ledger.take(stranger('a', '10.0.0.2')))).toStartWith('Your network')
    place.release()
    place.release()
    expect(ledger.size).toBe(0)
    expect(attempt(() => ledger.take(stranger('a', '10.0.0.2')))).toBe('taken')
    expect(attempt(() => ledger.take(stranger('b', '10.0.0.3')))).toStartWith('Your network')
  })
})

describe('held bytes', () => {
  test('strangers are refused while the budget is held, the owner never; a release frees it, once', () => {
    const held = createHeldBytes(() => 2 * 1024 * 1024, 7)
    const release = held.hold(2 * 1024 * 1024)
    expect(attempt(() => held.check(false))).toBe(
      'This server holds 2 MiB of records its readers have not taken yet, the most it holds; retry after 7 s',
    )
    expect(attempt(() => held.check(true))).toBe('taken')
    release()
    release()
    expect(held.held).toBe(0)
    expect(attempt(() => held.check(false))).toBe('taken')
  })
})
