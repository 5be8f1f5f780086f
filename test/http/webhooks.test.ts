import { describe, expect, test } from 'bun:test'
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../../server/contract/webhooks/events.ts'
import { testApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

async function setup(config = {}) {
  const t = testApp(config)
  const owner = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, owner.user.id)
  return { ...t, owner, appId }
}

describe('webhooks: add, list, update, remove, deliveries', () => {
  test('add shows the secret once; list, update and remove never show it', async () => {
    const t = await setup()
    const at = new Date(t.clock.now()).toISOString()
    const added = await t.call(
      'webhooks.add',
      {
        params: { id: t.appId },
        body: { url: 'https://93.184.215.14/hooks', events: ['record.created', 'record.created'] },
      },
      { token: t.owner.token },
    )
    expect(added.status).toBe(200)
    const hook = {
      id: expect.stringMatching(ID),
      appId: t.appId,
      url: 'https://93.184.215.14/hooks',
      events: ['record.created'],
      enabled: true,
      disabledReason: null,
      failures: 0,
      createdAt: at,
      updatedAt: at,
    }
    expect(added.body).toEqual({
      code: 200,
      data: { ...hook, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) },
    })
    const id = added.body.data.id
    expect((await t.call('webhooks.list', { params: { id: t.appId } }, { token: t.owner.token })).body).toEqual({
      code: 200,
      data: { webhooks: [hook] },
    })

    t.clock.advance(1000)
    const later = new Date(t.clock.now()).toISOString()
    const off = await t.call(
      'webhooks.update',
      { params: { id: t.appId, webhook: id }, body: { enabled: false, events: ['app.published'] } },
      { token: t.owner.token },
    )
    expect(off.body).toEqual({
      code: 200,
      data: { ...hook, enabled: false, events: ['app.published'], updatedAt: later },
    })
    const rotated = await t.call(
      'webhooks.update',
      { params: { id: t.appId, webhook: id }, body: { rotateSecret: true } },
      { token: t.owner.token },
    )
    // Only a rotation answers with the secret.
    const secret = 'secret' in rotated.body.data ? rotated.body.data.secret : undefined
    expect(secret).toMatch(/^whsec_/)
    expect(secret).not.toBe(added.body.data.secret)

    expect(
      (await t.call('webhooks.remove', { params: { id: t.appId, webhook: id } }, { token: t.owner.token })).body,
    ).toEqual({
      code: 200,
      data: { id, removed: true },
    })
    expect((await t.call('webhooks.list', { params: { id: t.appId } }, { token: t.owner.token })).body).toEqual({
      code: 200,
      data: { webhooks: [] },
    })
    expect(
      (await t.call('webhooks.remove', { params: { id: t.appId, webhook: id } }, { token: t.owner.token }))
        .body as ErrorEnvelope,
    ).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Webhook not found' },
    })
  })

  test('default events are all of them', async () => {
    const t = await setup()
    const added = await t.call(
      'webhooks.add',
      { params: { id: t.appId }, body: { url: 'https://93.184.215.14/' } },
      { token: t.owner.token },
    )
    expect(added.body.data.events).toEqual([...WEBHOOK_EVENTS])
  })

  const refusals: Array<{ name: string; body: unknown; status: number; message: string }> = [
    { name: 'no url', body: {}, status: 422, message: 'url: is required' },
    {
      name: 'not http',
      body: { url: 'ftp://example.com/x' },
      status: 422,
      message:
        'url: must be an absolute http:// or https:// URL without user name or password, such as https://example.com/hooks/svc',
    },
    {
      name: 'credentials in the URL',
      body: { url: 'https://user:pw@example.com/x' },
      status: 422,
      message:
        'url: must be an absolute http:// or https:// URL without user name or password, such as https://example.com/hooks/svc',
    },
    {
      name: 'unknown event',
      body: { url: 'https://93.184.215.14/', events: ['record.changed'] },
      status: 422,
      message:
        'events.0: must be one of "record.created", "record.updated", "record.deleted", "app.published", "app.unpublished"',
    },
    {
      name: 'no events',
      body: { url: 'https://93.184.215.14/', events: [] },
      status: 422,
      message: 'events: must list at least one event',
    },
    {
      name: 'loopback',
      body: { url: 'http://127.0.0.1:8080/hook' },
      status: 422,
      message:
        'url: the host 127.0.0.1 resolves to 127.0.0.1 (loopback, RFC 1122), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets',
    },
    {
      name: 'localhost by name',
      body: { url: 'http://localhost/hook' },
      status: 422,
      message: expect.stringMatching(
        /^url: the host localhost resolves to (127\.0\.0\.1|::1) \(loopback, RFC (1122|4291)\)/,
      ) as unknown as string,
    },
    {
      name: 'private network',
      body: { url: 'http://10.0.0.7/hook' },
      status: 422,
      message:
        'url: the host 10.0.0.7 resolves to 10.0.0.7 (private-use, RFC 1918), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets',
    },
    {
      name: 'cloud metadata',
      body: { url: 'http://169.254.169.254/latest/meta-data/' },
      status: 422,
      message:
        'url: the host 169.254.169.254 resolves to 169.254.169.254 (link-local, RFC 3927), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets',
    },
    {
      name: 'IPv4-mapped IPv6 loopback',
      body: { url: 'http://[::ffff:127.0.0.1]/hook' },
      status: 422,
      message: expect.stringMatching(
        /^url: the host ::ffff:7f00:1 resolves to ::ffff:7f00:1 \(IPv4-mapped, RFC 4291\)/,
      ) as unknown as string,
    },
    {
      name: 'IPv6 unique local',
      body: { url: 'http://[fd00:ec2::254]/' },
      status: 422,
      message:
        'url: the host fd00:ec2::254 resolves to fd00:ec2::254 (unique-local, RFC 4193), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets',
    },
    {
      name: 'unknown property',
      body: { url: 'https://93.184.215.14/', secret: 'mine' },
      status: 422,
      message: 'unknown properties "secret"; allowed: url, events',
    },
  ]
  for (const c of refusals) {
    test(`add refuses: ${c.name}`, async () => {
      const t = await setup()
      const res = await t.call(
        'webhooks.add',
        { params: { id: t.appId }, body: invalid(c.body) },
        { token: t.owner.token },
      )
      expect(res.status).toBe(c.status)
      expect(res.body as ErrorEnvelope).toEqual({
        code: c.status,
        error: {
          type: 'validation',
          message: c.message,
          details: { problems: [{ path: expect.any(String), message: expect.any(String) }] },
        },
      })
    })
  }

  test('private targets are accepted with SVC_WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const t = await setup({ webhookAllowPrivate: true })
    const res = await t.call(
      'webhooks.add',
      { params: { id: t.appId }, body: { url: 'http://127.0.0.1:8080/hook' } },
      { token: t.owner.token },
    )
    expect(res.status).toBe(200)
  })

  test(`at most ${WEBHOOK_LIMITS.perApp} per app`, async () => {
    const t = await setup()
    for (let i = 0; i < WEBHOOK_LIMITS.perApp; i++)
      expect(
        (
          await t.call(
            'webhooks.add',
            { params: { id: t.appId }, body: { url: `https://93.184.215.14/${i}` } },
            { token: t.owner.token },
          )
        ).status,
      ).toBe(200)
    const res = await t.call(
      'webhooks.add',
      { params: { id: t.appId }, body: { url: 'https://93.184.215.14/x' } },
      { token: t.owner.token },
    )
    expect(res.body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: `An app can have at most ${WEBHOOK_LIMITS.perApp} webhooks; remove one first (svc-cli share webhook remove)`,
      },
    })
  })

  test("another account's app and webhooks are not found; no token is 401", async () => {
    const t = await setup()
    const added = await t.call(
      'webhooks.add',
      { params: { id: t.appId }, body: { url: 'https://93.184.215.14/' } },
      { token: t.owner.token },
    )
    const stranger = await makeUser(t.ctx)
    const notFound = { code: 404, error: { type: 'not_found', message: 'App not found' } }
    expect(
      (await t.call('webhooks.list', { params: { id: t.appId } }, { token: stranger.token })).body as unknown,
    ).toEqual(notFound)
    expect(
      (
        await t.call(
          'webhooks.update',
          { params: { id: t.appId, webhook: added.body.data.id }, body: { enabled: false } },
          { token: stranger.token },
        )
      ).body as unknown,
    ).toEqual(notFound)
    expect(
      (
        await t.call(
          'webhooks.deliveries',
          { params: { id: t.appId, webhook: added.body.data.id } },
          { token: stranger.token },
        )
      ).body as unknown,
    ).toEqual(notFound)
    expect((await t.call('webhooks.list', { params: { id: t.appId } })).status).toBe(401)
    expect(
      (await t.call('webhooks.deliveries', { params: { id: t.appId, webhook: 'nope' } }, { token: t.owner.token }))
        .body as ErrorEnvelope,
    ).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Webhook not found' },
    })
  })

  test('deliveries take a limit', async () => {
    const t = await setup()
    const added = await t.call(
      'webhooks.add',
      { params: { id: t.appId }, body: { url: 'https://93.184.215.14/' } },
      { token: t.owner.token },
    )
    const bad = await t.call(
      'webhooks.deliveries',
      { params: { id: t.appId, webhook: added.body.data.id }, query: { limit: '0' } },
      { token: t.owner.token },
    )
    expect(bad.status).toBe(422)
    expect(bad.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'limit: must be at least 1',
        details: { problems: [{ path: 'limit', message: 'must be at least 1' }] },
      },
    })
    expect(
      (
        await t.call(
          'webhooks.deliveries',
          { params: { id: t.appId, webhook: added.body.data.id }, query: { limit: '5' } },
          { token: t.owner.token },
        )
      ).body,
    ).toEqual({ code: 200, data: { deliveries: [] } })
  })
})
