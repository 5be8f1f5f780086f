import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { createWebhookWorker, DISABLED_REASON } from '../../../server/core/webhooks/worker.ts'
import {
  MAX_ATTEMPTS,
  OUTBOX_BATCH,
  RETRY_DELAYS_MS,
  WEBHOOK_LIMITS,
  type WebhookEvent,
} from '../../../server/contract/webhooks/events.ts'
import type { ErrorEnvelope } from '../../support/call.ts'
import { testApp, type TestApp } from '../../support/http.ts'
import { makeEndpoint, type TestEndpoint } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'
import { startReceiver, type Receiver } from '../../support/webhook-receiver.ts'

const receivers: Receiver[] = []
afterEach(() => {
  for (const receiver of receivers.splice(0)) receiver.stop()
  setSystemTime()
})

/** An app with a published endpoint (no rate limit), a loopback receiver and a webhook to it (private targets allowed). */
async function setup(options: { events?: WebhookEvent[]; smtp?: boolean } = {}) {
  const t = testApp({
    webhookAllowPrivate: true,
    smtpUrl: options.smtp ? 'smtp://mail.invalid:25' : null,
    rateLimit: null,
  })
  const owner = await makeUser(t.ctx, `owner${Math.random().toString(36).slice(2)}@example.com`)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id)
  const receiver = startReceiver()
  receivers.push(receiver)
  const added = await t.call(
    'webhooks.add',
    {
      params: { id: endpoint.appId },
      body: { url: receiver.url, ...(options.events ? { events: options.events } : {}) },
    },
    { token: owner.token },
  )
  expect(added.status).toBe(200)
  // Jitter fixed at its middle: each wait is exactly the schedule's.
  const worker = createWebhookWorker(t.ctx, { random: () => 0.5, net: t.ctx.webhooks.net })
  return { ...t, owner, endpoint, receiver, worker, hook: added.body.data as { id: string; secret: string } }
}

/** Submits `body` to the app's share endpoint, as a form's visitor does. */
const submit = (t: TestApp & { endpoint: TestEndpoint }, body: Record<string, unknown>) =>
  t.call('ingest.post', { params: { token: t.endpoint.token }, body })

/** Submits `rows` in one batch to the app's share endpoint. */
const submitBatch = (t: TestApp & { endpoint: TestEndpoint }, rows: Array<Record<string, unknown>>) =>
  t.call('ingest.batch', { params: { token: t.endpoint.token }, body: rows })

/** The receiver's requests verified by the standardwebhooks package (at the fake clock's time) and parsed. */
function verified(t: TestApp & { receiver: Receiver; hook: { secret: string } }): unknown[] {
  setSystemTime(new Date(t.clock.now()))
  const verifier = new Webhook(t.hook.secret)
  return t.receiver.received.map((request) => verifier.verify(request.body, request.headers))
}

describe('webhook deliveries', () => {
  test('a stored record is delivered once, signed (Standard Webhooks), with a stable id and its data', async () => {
    const t = await setup()
    const res = await submit(t, { name: 'Ada', n: 1 })
    expect(res.status).toBe(200)
    const recordId = res.body.data.id as string
    expect(await t.worker.runOnce()).toBe(1)
    expect(await t.worker.runOnce()).toBe(0)
    expect(t.receiver.received.length).toBe(1)
    const [request] = t.receiver.received
    expect(request.headers['webhook-id']).toBe(`msg_${recordId}_${t.hook.id}`)
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now() / 1000)))
    expect(request.headers['content-type']).toBe('application/json')
    expect(verified(t)).toEqual([
      {
        type: 'record.created',
        timestamp: new Date(t.clock.now()).toISOString(),
        data: {
          appId: t.endpoint.appId,
          records: [{ id: recordId, createdAt: new Date(t.clock.now()).toISOString(), data: { name: 'Ada', n: 1 } }],
        },
      },
    ])
    const log = await t.call(
      'webhooks.deliveries',
      { params: { id: t.endpoint.appId, webhook: t.hook.id } },
      { token: t.owner.token },
    )
    expect(log.status).toBe(200)
    expect(log.body).toEqual({
      code: 200,
      data: {
        deliveries: [
          {
            id: `msg_${recordId}_${t.hook.id}`,
            event: 'record.created',
            subject: recordId,
            records: 1,
            status: 'delivered',
            attempts: 1,
            nextAt: null,
            lastStatus: 200,
            lastError: null,
            lastLatencyMs: expect.any(Number),
            lastResponse: null,
            createdAt: new Date(t.clock.now()).toISOString(),
            updatedAt: new Date(t.clock.now()).toISOString(),
          },
        ],
      },
    })
  })

  test('delivered deliveries leave the log after a week; pending ones stay', async () => {
    const t = await setup()
    await submit(t, { n: 1 })
    expect(await t.worker.runOnce()).toBe(1)
    t.receiver.answer(500)
    await submit(t, { n: 2 })
    expect(await t.worker.runOnce()).toBe(1)
    const log = async () =>
      (
        await t.call(
          'webhooks.deliveries',
          { params: { id: t.endpoint.appId, webhook: t.hook.id } },
          { token: t.owner.token },
        )
      ).body.data.deliveries.map((d: { status: string }) => d.status)
    expect((await log()).sort()).toEqual(['delivered', 'pending'])
    t.clock.advance(WEBHOOK_LIMITS.keepMs + 1)
    await t.worker.runOnce()
    expect(await log()).toEqual(['pending'])
  })

  test('records stored together go in one delivery, spam in none; commits waiting together merge, in order', async () => {
    const t = await setup()
    const batch = await submitBatch(t, [{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(batch.status).toBe(200)
    const first = batch.body.data.ids[0] as string
    const spam = await submit(t, { n: 4, _gotcha: 'bot' })
    expect(spam.status).toBe(200)
    expect(await t.worker.runOnce()).toBe(1)
    expect(t.receiver.received.map((request) => request.headers['webhook-id'])).toEqual([`msg_${first}_${t.hook.id}`])
    const numbers = (event: unknown) =>
      (event as { data: { records: Array<{ data: { n: number } }> } }).data.records.map((record) => record.data.n)
    expect(verified(t).map(numbers)).toEqual([[1, 2, 3]])
    // Three submissions, three commits, waiting together: one delivery, in the order stored.
    const ids: string[] = []
    for (const n of [5, 6, 7]) ids.push((await submit(t, { n })).body.data.id)
    expect(await t.worker.runOnce()).toBe(1)
    expect(t.receiver.received[1].headers['webhook-id']).toBe(`msg_${ids[0]}_${t.hook.id}`)
    expect(verified(t).map(numbers)).toEqual([
      [1, 2, 3],
      [5, 6, 7],
    ])
    const log = await t.call(
      'webhooks.deliveries',
      { params: { id: t.endpoint.appId, webhook: t.hook.id } },
      { token: t.owner.token },
    )
    expect(
      log.body.data.deliveries.map((d: { subject: string; records: number }) => [d.subject, d.records]).sort(),
    ).toEqual(
      [
        [first, 3],
        [ids[0], 3],
      ].sort(),
    )
  })

  test(`a delivery carries at most ${OUTBOX_BATCH.records} records`, async () => {
    const t = await setup()
    const rows = Array.from({ length: OUTBOX_BATCH.records * 2 + 50 }, (_, n) => ({ n }))
    const batch = await submitBatch(t, rows.slice(0, 150))
    expect(batch.status).toBe(200)
    const more = await submitBatch(t, rows.slice(150))
    expect(more.status).toBe(200)
    while ((await t.worker.runOnce()) > 0);
    const sizes = (verified(t) as Array<{ data: { records: Array<{ data: { n: number } }> } }>)
      .map((event) => event.data.records.length)
      .sort((a, b) => b - a)
    expect(sizes).toEqual([100, 100, 50])
    const received = (verified(t) as Array<{ data: { records: Array<{ data: { n: number } }> } }>).flatMap((event) =>
      event.data.records.map((record) => record.data.n),
    )
    expect(received.sort((a, b) => a - b)).toEqual(rows.map((row) => row.n))
  })

  test('a failed delivery is retried with the same id and body; records stored since go in a delivery of their own', async () => {
    const t = await setup()
    t.receiver.answer(500)
    const a = (await submit(t, { n: 1 })).body.data.id as string
    await submit(t, { n: 2 })
    expect(await t.worker.runOnce()).toBe(1)
    t.receiver.answer(200)
    const c = (await submit(t, { n: 3 })).body.data.id as string
    t.clock.advance(RETRY_DELAYS_MS[0])
    while ((await t.worker.runOnce()) > 0);
    const [failed, retried, fresh] = t.receiver.received
    expect([failed.headers['webhook-id'], retried.headers['webhook-id'], fresh.headers['webhook-id']].sort()).toEqual(
      [`msg_${a}_${t.hook.id}`, `msg_${a}_${t.hook.id}`, `msg_${c}_${t.hook.id}`].sort(),
    )
    const byId = (id: string) =>
      t.receiver.received.filter((request) => request.headers['webhook-id'] === id).map((request) => request.body)
    const [first, second] = byId(`msg_${a}_${t.hook.id}`)
    expect(second).toBe(first)
    expect((JSON.parse(first) as { data: { records: unknown[] } }).data.records.length).toBe(2)
    expect((JSON.parse(byId(`msg_${c}_${t.hook.id}`)[0]) as { data: { records: unknown[] } }).data.records.length).toBe(
      1,
    )
  })

  test('record.deleted, app.unpublished and app.published are delivered; unsubscribed events are not', async () => {
    const t = await setup({ events: ['record.deleted', 'app.published', 'app.unpublished'] })
    const res = await submit(t, { n: 1 })
    const recordId = res.body.data.id as string
    expect(await t.worker.runOnce()).toBe(0)
    const deleted = await t.call(
      'records.delete',
      { params: { id: t.endpoint.appId, recordId } },
      { token: t.owner.token },
    )
    expect(deleted.status).toBe(200)
    expect(
      (await t.call('share.unpublish', { params: { id: t.endpoint.appId } }, { token: t.owner.token })).status,
    ).toBe(200)
    expect((await t.call('share.publish', { params: { id: t.endpoint.appId } }, { token: t.owner.token })).status).toBe(
      200,
    )
    // Publishing what is published already is no event.
    expect((await t.call('share.publish', { params: { id: t.endpoint.appId } }, { token: t.owner.token })).status).toBe(
      200,
    )
    while ((await t.worker.runOnce()) > 0);
    const at = new Date(t.clock.now()).toISOString()
    const events = verified(t) as Array<{ type: string; timestamp: string; data: unknown }>
    expect(events.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'app.published', timestamp: at, data: { appId: t.endpoint.appId } },
      { type: 'app.unpublished', timestamp: at, data: { appId: t.endpoint.appId } },
      { type: 'record.deleted', timestamp: at, data: { appId: t.endpoint.appId, records: [{ id: recordId }] } },
    ])
  })

  test("record.updated carries the record as the edit left it and the fields it changed, once per edit; a spam record's edit sends nothing", async () => {
    const t = await setup({ events: ['record.updated'] })
    const id = (await submit(t, { name: 'Ada', n: 1 })).body.data.id as string
    const createdAt = new Date(t.clock.now()).toISOString()
    const spam = (await submit(t, { name: 'Bot', _gotcha: 'x' })).body.data.id as string
    const edit = (recordId: string, data: Record<string, unknown>) =>
      t.call('records.update', { params: { id: t.endpoint.appId, recordId }, body: { data } }, { token: t.owner.token })
    t.clock.advance(1000)
    const at = new Date(t.clock.now()).toISOString()
    expect((await edit(id, { n: 2, name: null })).status).toBe(200)
    expect((await edit(spam, { name: 'Still a bot' })).status).toBe(200)
    // An edit that changes nothing is no event.
    expect((await edit(id, { n: 2 })).status).toBe(200)
    while ((await t.worker.runOnce()) > 0);
    expect(t.receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      `msg_${id}_updated1_${t.hook.id}`,
    ])
    expect(verified(t)).toEqual([
      {
        type: 'record.updated',
        timestamp: at,
        data: { appId: t.endpoint.appId, records: [{ id, createdAt, data: { n: 2 }, changed: ['n', 'name'] }] },
      },
    ])
  })

  test('failures back off on the schedule, die after the last attempt, switch the webhook off and tell the owner', async () => {
    const t = await setup({ smtp: true })
    t.receiver.answer(500, 'down for maintenance')
    await submit(t, { n: 1 })
    const log = async () =>
      (
        await t.call(
          'webhooks.deliveries',
          { params: { id: t.endpoint.appId, webhook: t.hook.id } },
          { token: t.owner.token },
        )
      ).body.data.deliveries[0]
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await t.worker.runOnce()).toBe(1)
      const delivery = await log()
      const wait = RETRY_DELAYS_MS[attempt - 1]
      expect([
        delivery.status,
        delivery.attempts,
        delivery.lastStatus,
        delivery.lastError,
        delivery.lastResponse,
        delivery.nextAt,
      ]).toEqual([
        'pending',
        attempt,
        500,
        'HTTP 500',
        // The receiver's words are not kept: only the status says what happened.
        null,
        new Date(t.clock.now() + wait).toISOString(),
      ])
      // Not due a millisecond early.
      t.clock.advance(wait - 1)
      expect(await t.worker.runOnce()).toBe(0)
      t.clock.advance(1)
    }
    expect(await t.worker.runOnce()).toBe(1)
    expect(t.receiver.received.length).toBe(MAX_ATTEMPTS)
    // Every attempt carried the same id and body.
    expect(new Set(t.receiver.received.map((r) => r.headers['webhook-id'] + r.body)).size).toBe(1)
    expect([(await log()).status, (await log()).attempts]).toEqual(['dead', MAX_ATTEMPTS])
    const list = await t.call('webhooks.list', { params: { id: t.endpoint.appId } }, { token: t.owner.token })
    expect(list.body.data.webhooks[0]).toMatchObject({
      id: t.hook.id,
      enabled: false,
      disabledReason: DISABLED_REASON,
      failures: MAX_ATTEMPTS,
    })
    await t.ctx.shutdown()
    expect(t.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [t.owner.user.email, 'svc: a webhook was switched off'],
    ])
    expect(t.mails[0].text).toContain(t.receiver.url)

    // Switched off: new records queue nothing for it, and nothing is sent.
    await submit(t, { n: 2 })
    expect(await t.worker.runOnce()).toBe(0)

    // The owner fixes the receiver, switches it on and retries the dead delivery: one more attempt.
    t.receiver.answer(204)
    const on = await t.call(
      'webhooks.update',
      { params: { id: t.endpoint.appId, webhook: t.hook.id }, body: { enabled: true } },
      { token: t.owner.token },
    )
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null, failures: 0 })
    const dead = await log()
    const retried = await t.call(
      'webhooks.retry',
      { params: { id: t.endpoint.appId, webhook: t.hook.id, delivery: dead.id } },
      { token: t.owner.token },
    )
    expect(retried.status).toBe(200)
    expect(retried.body.data).toMatchObject({ id: dead.id, status: 'pending', attempts: MAX_ATTEMPTS - 1 })
    expect(await t.worker.runOnce()).toBe(1)
    expect([(await log()).status, (await log()).lastStatus]).toEqual(['delivered', 204])
    const unknown = await t.call(
      'webhooks.retry',
      { params: { id: t.endpoint.appId, webhook: t.hook.id, delivery: 'msg_nope' } },
      { token: t.owner.token },
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual<ErrorEnvelope>({
      code: 404,
      error: { type: 'not_found', message: 'Delivery not found' },
    })
  })

  test('a redirect is not followed and counts as a failure', async () => {
    const t = await setup()
    const elsewhere = startReceiver()
    receivers.push(elsewhere)
    t.receiver.answer(302, '', { location: elsewhere.url })
    await submit(t, { n: 1 })
    expect(await t.worker.runOnce()).toBe(1)
    expect(elsewhere.received).toEqual([])
    const delivery = (
      await t.call(
        'webhooks.deliveries',
        { params: { id: t.endpoint.appId, webhook: t.hook.id } },
        { token: t.owner.token },
      )
    ).body.data.deliveries[0]
    expect([delivery.status, delivery.lastStatus, delivery.lastError]).toEqual([
      'pending',
      302,
      `redirect to ${elsewhere.url} not followed`,
    ])
  })

  test('a leased delivery is not claimed twice; once the lease runs out (its process died) it is due again', async () => {
    const t = await setup()
    await submit(t, { n: 1 })
    const now = t.clock.now()
    const [a, b] = await Promise.all([
      t.ctx.storage.webhooks.claim(now, now + 60_000, 16),
      t.ctx.storage.webhooks.claim(now, now + 60_000, 16),
    ])
    expect(a.length + b.length).toBe(1)
    expect(await t.ctx.storage.webhooks.claim(now, now + 60_000, 16)).toEqual([])
    t.clock.advance(60_000)
    expect(await t.worker.runOnce()).toBe(1)
    expect(t.receiver.received.length).toBe(1)
  })

  test('claims racing over a full outbox move each event once: every record in exactly one delivery', async () => {
    const t = await setup()
    const stored: string[] = []
    for (let n = 0; n < 30; n++) stored.push((await submit(t, { n })).body.data.id)
    const now = t.clock.now()
    const claims = await Promise.all([1, 2, 3].map(() => t.ctx.storage.webhooks.claim(now, now + 60_000, 16)))
    const carried = claims
      .flat()
      .flatMap((delivery) => (JSON.parse(delivery.payload!) as Array<{ id: string }>).map((record) => record.id))
    expect(carried.sort()).toEqual([...stored].sort())
    const log = await t.ctx.storage.webhooks.deliveries(t.hook.id, 100)
    expect(log.map((row) => row.id).sort()).toEqual(
      claims
        .flat()
        .map((row) => row.id)
        .sort(),
    )
    expect(log.reduce((sum, row) => sum + row.records, 0)).toBe(30)
  })

  test('a target that turned private is refused at delivery, and the receiver hears nothing', async () => {
    const t = await setup()
    t.ctx.config.webhookAllowPrivate = false
    await submit(t, { n: 1 })
    expect(await t.worker.runOnce()).toBe(1)
    expect(t.receiver.received).toEqual([])
    const delivery = (
      await t.call(
        'webhooks.deliveries',
        { params: { id: t.endpoint.appId, webhook: t.hook.id } },
        { token: t.owner.token },
      )
    ).body.data.deliveries[0]
    expect([delivery.status, delivery.lastStatus, delivery.lastError]).toEqual([
      'pending',
      null,
      'refused: the host 127.0.0.1 resolves to 127.0.0.1 (loopback, RFC 1122), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets',
    ])
  })

  test('the test event is sent now, signed, and nothing is stored', async () => {
    const t = await setup()
    const res = await t.call(
      'webhooks.test',
      { params: { id: t.endpoint.appId, webhook: t.hook.id } },
      { token: t.owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        delivered: true,
        id: expect.stringMatching(/^msg_test_/),
        status: 200,
        error: null,
        latencyMs: expect.any(Number),
        response: null,
      },
    })
    expect(verified(t)).toEqual([
      { type: 'webhook.test', timestamp: new Date(t.clock.now()).toISOString(), data: { appId: t.endpoint.appId } },
    ])
    expect(t.receiver.received[0].headers['webhook-id']).toBe(res.body.data.id)
    expect(await t.worker.runOnce()).toBe(0)
  })

  test('removing a webhook drops its pending deliveries; a new subscription flags the next records at once', async () => {
    const t = await setup()
    await submit(t, { n: 1 })
    const removed = await t.call(
      'webhooks.remove',
      { params: { id: t.endpoint.appId, webhook: t.hook.id } },
      { token: t.owner.token },
    )
    expect(removed.body).toEqual({ code: 200, data: { id: t.hook.id, removed: true } })
    expect(await t.worker.runOnce()).toBe(0)
    await submit(t, { n: 2 })
    const again = await t.call(
      'webhooks.add',
      { params: { id: t.endpoint.appId }, body: { url: t.receiver.url, events: ['record.created'] } },
      { token: t.owner.token },
    )
    expect(again.status).toBe(200)
    await submit(t, { n: 3 })
    expect(await t.worker.runOnce()).toBe(1)
    setSystemTime(new Date(t.clock.now()))
    const event = new Webhook(again.body.data.secret).verify(
      t.receiver.received[0].body,
      t.receiver.received[0].headers,
    ) as { data: { records: Array<{ data: unknown }> } }
    expect(event.data.records.map((record) => record.data)).toEqual([{ n: 3 }])
  })
})
