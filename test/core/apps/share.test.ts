import { describe, expect, test } from 'bun:test'
import { createApp } from '../../../server/core/apps/apps.ts'
import { publish, rotateToken, unpublish } from '../../../server/core/share/publish.ts'
import { findEndpointByToken } from '../../../server/core/share/lookup.ts'
import { endpointRateLimit, formatRateLimit, normalizeRateLimit } from '../../../server/contract/share/rate-limit.ts'
import { getShare, updateShare } from '../../../server/core/share/settings.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

describe('rate limits', () => {
  test.each([
    ['20/s,100', '20/s,100'],
    ['20/s', '20/s,100'],
    [' 0.5 / s , 3 ', '0.5/s,3'],
    ['OFF', 'off'],
  ])('normalizeRateLimit(%p) is %p', (raw, expected) => {
    expect(normalizeRateLimit(raw)).toBe(expected)
  })

  test('formatRateLimit and endpointRateLimit', () => {
    expect(formatRateLimit({ rate: 20, burst: 100 })).toBe('20/s,100')
    expect(formatRateLimit(null)).toBe('off')
    expect(endpointRateLimit({ rateLimit: { rate: 20, burst: 100 } }, null)).toEqual({ rate: 20, burst: 100 })
    expect(endpointRateLimit({ rateLimit: { rate: 20, burst: 100 } }, 'off')).toBeNull()
    expect(endpointRateLimit({ rateLimit: null }, '5/s,10')).toEqual({ rate: 5, burst: 10 })
  })
})

describe('share core', () => {
  test('publish → unpublish → rotate through core, as the admin and CLI faces use it', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    const app = await createApp(ctx, user.id, { name: 'Survey' })
    expect(await getShare(ctx, user.id, app.id)).toMatchObject({ published: false, token: null })
    const first = (await publish(ctx, user.id, app.id)).token!
    expect(await findEndpointByToken(ctx, first)).toMatchObject({ appId: app.id, published: true })
    await unpublish(ctx, user.id, app.id)
    expect(await findEndpointByToken(ctx, first)).toMatchObject({ appId: app.id, published: false })
    const second = (await rotateToken(ctx, user.id, app.id)).token!
    expect(await findEndpointByToken(ctx, first)).toBeUndefined()
    expect(await findEndpointByToken(ctx, second)).toMatchObject({ appId: app.id, published: false })
    expect((await publish(ctx, user.id, app.id)).token).toBe(second)
  })

  test('updateShare deduplicates origins after normalising them', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    const app = await createApp(ctx, user.id, { name: 'Survey' })
    const share = await updateShare(ctx, user.id, app.id, {
      redirectOrigins: ['https://a.example/x', 'https://a.example:443/', 'http://a.example'],
    })
    expect(share.redirectOrigins).toEqual(['https://a.example', 'http://a.example'])
  })
})
