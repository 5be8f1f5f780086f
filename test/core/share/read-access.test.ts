/**
 * The reads rules in core (docs/design.md rule 16): what each setting opens to a caller holding only
 * the endpoint token, how `true`/`false` from older scripts map, which answers carry
 * warnings, and that the owner's token is only looked at when a path is closed.
 */
import { describe, expect, test } from 'bun:test'
import { createAccessToken, listAccessTokens } from '../../../server/core/auth/access-tokens.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { requireReadAccess } from '../../../server/core/share/read-access.ts'
import {
  DEFAULT_READ_ACCESS,
  openToAnyone,
  READ_ACCESS,
  readAccessOf,
  readsWarnings,
  warningsOf,
  type ReadAccess,
  type ReadPath,
} from '../../../server/contract/share/reads.ts'
import { testContext } from '../../support/context.ts'
import { disabledBody, RECORDS_WARNING, SUMMARY_WARNING } from '../../support/reads.ts'
import { makeUser } from '../../support/users.ts'
import { createApp } from '../../../server/core/apps/apps.ts'

describe('the settings', () => {
  test('off, summary, records; off for new apps', () => {
    expect(READ_ACCESS).toEqual(['off', 'summary', 'records'])
    expect(DEFAULT_READ_ACCESS).toBe('off')
  })

  const open: Array<[ReadAccess, ReadPath, boolean]> = [
    ['off', 'query', false],
    ['off', 'summary', false],
    ['summary', 'query', false],
    ['summary', 'summary', true],
    ['records', 'query', true],
    ['records', 'summary', true],
  ]
  test.each(open)('reads %s opens /%s to anyone: %p', (reads, path, expected) => {
    expect(openToAnyone(reads, path)).toBe(expected)
  })

  test.each([
    [true, 'records'],
    [false, 'off'],
    ['off', 'off'],
    ['summary', 'summary'],
    ['records', 'records'],
  ] as const)('%p means %p', (value, setting) => {
    expect(readAccessOf(value)).toBe(setting)
  })

  test.each([
    ['off', []],
    ['summary', [SUMMARY_WARNING]],
    ['records', [RECORDS_WARNING]],
  ] as const)('reads %s warns %p', (reads, warnings) => {
    expect(readsWarnings(reads)).toEqual([...warnings])
    expect(warningsOf(reads)).toEqual(warnings.length ? { warnings: [...warnings] } : {})
  })
})

describe('requireReadAccess', () => {
  async function setup() {
    const { ctx, clock } = testContext()
    const owner = await makeUser(ctx)
    const other = await makeUser(ctx)
    const app = await createApp(ctx, owner.user.id, { name: 'Survey' })
    const check = async (reads: ReadAccess, path: ReadPath, bearer: string | null): Promise<unknown> => {
      try {
        await requireReadAccess(ctx, { appId: app.id, reads }, path, bearer)
        return 'read'
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return { code: error.status, error: { type: error.type, message: error.message } }
      }
    }
    return { ctx, clock, owner, other, app, check }
  }

  test('the owner’s token reads a closed path; no token, another account’s and an unknown one get the 403 that names the switch', async () => {
    const { owner, other, check } = await setup()
    expect(await check('off', 'query', owner.token)).toBe('read')
    expect(await check('off', 'summary', owner.token)).toBe('read')
    for (const bearer of [null, other.token, 'svc_pat_unknown', 'not-even-a-token']) {
      expect(await check('off', 'query', bearer)).toEqual(disabledBody('off /query'))
      expect(await check('off', 'summary', bearer)).toEqual(disabledBody('off /summary'))
      expect(await check('summary', 'query', bearer)).toEqual(disabledBody('summary /query'))
      expect(await check('summary', 'summary', bearer)).toBe('read')
    }
  })

  test('a token is looked at only when the path is closed: an open read records no use of it', async () => {
    const { ctx, clock, owner, check } = await setup()
    // A second token of the owner, never used, to watch.
    const watched = await createAccessToken(ctx, owner.user.id, 'dashboard')
    const used = async () => (await listAccessTokens(ctx, owner.user.id)).find((t) => t.id === watched.id)!.lastUsedAt
    expect(await check('records', 'query', watched.token)).toBe('read')
    expect(await used()).toBeNull()
    clock.advance(1000)
    expect(await check('off', 'query', watched.token)).toBe('read')
    expect(await used()).toBe(new Date(clock.now()).toISOString())
  })
})
