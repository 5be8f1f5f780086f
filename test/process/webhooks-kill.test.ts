/**
 * kill -9 while webhook deliveries are pending: after a restart on the same database every
 * acknowledged record's `record.created` is delivered, each delivery accepted (2xx) exactly
 * once, with the same id and records as its first attempt.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { addWebhook } from '../../server/core/webhooks/manage.ts'
import { testDatabaseEnv } from '../support/backend.ts'
import { prepareDatabase, withDatabase } from '../support/prepared-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts'
import { callServer } from '../support/call.ts'

let running: ServerProcess | undefined
let receiver: Receiver | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
  receiver?.stop()
  receiver = undefined
})

const RECORDS = 20

describe('webhook deliveries across kill -9', () => {
  test('pending deliveries resume after a restart; none is lost, none accepted twice', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-hooks-'), SVC_WEBHOOK_ALLOW_PRIVATE: '1', ...(await testDatabaseEnv()) }
    const { appId, token } = await prepareDatabase(env)
    receiver = startReceiver()
    const target = receiver
    const webhookId = await withDatabase(env, async (ctx) => {
      const app = (await ctx.storage.apps.byId(appId))!
      return (await addWebhook(ctx, app.ownerId, appId, { url: target.url, events: ['record.created'] })).id
    })
    // The receiver is down for maintenance: every first attempt fails, the next is ≈ 5 s away.
    receiver.answer(503, 'maintenance')
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off', SVC_SYNC: 'full' })
    const acknowledged: string[] = []
    for (let i = 0; i < RECORDS; i++) {
      const res = await callServer(running.url, 'ingest.post', { params: { token }, body: { i } })
      expect(res.status).toBe(200)
      acknowledged.push(res.body.data.id)
    }
    // The first attempts carry every record, in however many deliveries the worker made.
    const recordsOf = (body: string) =>
      (JSON.parse(body) as { data: { records: Array<{ id: string }> } }).data.records.map((record) => record.id)
    while (receiver.received.flatMap((request) => recordsOf(request.body)).length < RECORDS)
      await receiver.waitFor(receiver.received.length + 1)
    const first = receiver.received.map((request) => ({ id: request.headers['webhook-id'], body: request.body }))
    expect(first.flatMap(({ body }) => recordsOf(body)).sort()).toEqual([...acknowledged].sort())
    // Every first attempt has been recorded (no lease left) before the kill.
    for (;;) {
      const rows = await withDatabase(env, (ctx) => ctx.storage.webhooks.deliveries(webhookId, 100))
      if (rows.length === first.length && rows.every((row) => row.attempts === 1 && row.leaseUntil === null)) break
    }
    running.proc.kill('SIGKILL')
    expect(await running.proc.exited).not.toBe(0)

    receiver.answer(200, 'thanks')
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off' })
    await receiver.waitFor(2 * first.length)
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined

    const accepted = receiver.received
      .slice(first.length)
      .map((request) => ({ id: request.headers['webhook-id'], body: request.body }))
    expect(accepted.sort((a, b) => a.id.localeCompare(b.id))).toEqual(first.sort((a, b) => a.id.localeCompare(b.id)))
    const rows = await withDatabase(env, (ctx) => ctx.storage.webhooks.deliveries(webhookId, 100))
    expect(rows.map((row) => [row.status, row.attempts, row.lastStatus])).toEqual(
      Array.from({ length: first.length }, () => ['delivered', 2, 200]),
    )
  })
})
