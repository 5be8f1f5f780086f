/**
 * The senders operations (`senders.list|add|remove`): whole answers, the secret never shown
 * back (only one svc made, once), the sealed secret at rest, and every refusal with its type.
 */
import { describe, expect, test } from 'bun:test'
import { SENDER_LIMITS } from '../../server/contract/senders/schemas.ts'
import { testApp, validationBody } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

async function setup() {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, owner.user.id)
  const add = (body: unknown, token = owner.token) =>
    t.call('senders.add', { params: { id: appId }, body: invalid(body) }, { token })
  return { ...t, owner, appId, add }
}

describe('senders: add, list, remove', () => {
  test('add, list and remove; a given secret is never shown, and is sealed at rest', async () => {
    const t = await setup()
    const at = new Date(t.clock.now()).toISOString()
    const added = await t.add({ name: 'billing', kind: 'stripe', secret: 'whsec_abc', require: true })
    const stripe = { name: 'billing', kind: 'stripe', require: true, header: 'Stripe-Signature', createdAt: at }
    expect(added.body as unknown).toEqual({ code: 200, data: stripe })
    const hmac = await t.add({ name: 'devices', kind: 'hmac', header: 'X-Signature', encoding: 'base64' })
    const device = {
      name: 'devices',
      kind: 'hmac',
      require: false,
      header: 'X-Signature',
      encoding: 'base64',
      prefix: '',
      createdAt: at,
    }
    expect(hmac.body as unknown).toEqual({
      code: 200,
      data: { ...device, secret: expect.stringMatching(/^[\w-]{43}$/) },
    })
    expect(
      (await t.call('senders.list', { params: { id: t.appId } }, { token: t.owner.token })).body as unknown,
    ).toEqual({
      code: 200,
      data: { senders: [stripe, device] },
    })
    const rows = await t.ctx.storage.senders.list(t.appId)
    expect(rows.map((row) => row.secretCipher).join()).not.toContain('whsec_abc')
    expect(t.ctx.sealer.open(rows[0].secretCipher)).toBe('whsec_abc')

    expect(
      (await t.call('senders.remove', { params: { id: t.appId, name: 'billing' } }, { token: t.owner.token })).body,
    ).toEqual({
      code: 200,
      data: { name: 'billing', removed: true },
    })
    expect(
      (await t.call('senders.remove', { params: { id: t.appId, name: 'billing' } }, { token: t.owner.token }))
        .body as ErrorEnvelope,
    ).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Sender not found' },
    })
  })

  const refusals: Array<{ name: string; body: unknown; problems: Array<{ path: string; message: string }> }> = [
    {
      name: 'an unknown kind',
      body: { name: 'x', kind: 'paypal', secret: 's' },
      problems: [{ path: 'kind', message: 'must be one of "github", "stripe", "standard", "shopify", "hmac"' }],
    },
    {
      name: 'a name with capitals',
      body: { name: 'GitHub', kind: 'github' },
      problems: [
        {
          path: 'name',
          message: 'may hold only lower-case letters, digits, "-" and "_", starting with a letter or digit',
        },
      ],
    },
    {
      name: 'hmac without its header',
      body: { name: 'x', kind: 'hmac' },
      problems: [{ path: 'header', message: 'is required for kind "hmac": the header carrying the signature' }],
    },
    {
      name: 'hmac options on another kind',
      body: { name: 'x', kind: 'github', prefix: 'sha256=' },
      problems: [{ path: 'prefix', message: 'is only for kind "hmac", not "github"' }],
    },
    {
      name: 'a Stripe sender without the secret',
      body: { name: 'x', kind: 'stripe' },
      problems: [{ path: 'secret', message: 'is required for kind "stripe": paste the secret the provider shows' }],
    },
    {
      name: 'a Standard Webhooks secret without whsec_',
      body: { name: 'x', kind: 'standard', secret: 'abc' },
      problems: [{ path: 'secret', message: 'must be whsec_ followed by base64, as the provider shows it' }],
    },
  ]

  test.each(refusals)('$name is a 422 naming the problem', async ({ body, problems }) => {
    const t = await setup()
    expect((await t.add(body)).body as unknown).toEqual(validationBody(...problems))
    expect(await t.ctx.storage.senders.list(t.appId)).toEqual([])
  })

  test('a name taken and the per-app limit are 409; another account sees no app', async () => {
    const t = await setup()
    expect((await t.add({ name: 'gh', kind: 'github' })).status).toBe(200)
    expect((await t.add({ name: 'gh', kind: 'github' })).body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: 'This app already has a sender named "gh"; pick another name or remove it first',
      },
    })
    for (let i = 1; i < SENDER_LIMITS.perApp; i++)
      expect((await t.add({ name: `gh${i}`, kind: 'github' })).status).toBe(200)
    expect((await t.add({ name: 'one-more', kind: 'github' })).body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: `An app can have at most ${SENDER_LIMITS.perApp} senders; remove one first (svc-cli share sender remove)`,
      },
    })
    const stranger = await makeUser(t.ctx)
    expect((await t.add({ name: 'x', kind: 'github' }, stranger.token)).body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'App not found' },
    })
    expect((await t.call('senders.list', { params: { id: t.appId } }, { token: stranger.token })).status).toBe(404)
  })
})
