/**
 * kill -9 while webhook deliveries are pending: after a restart on the same database every
 * acknowledged record's `record.created` is delivered, each accepted (2xx) exactly once.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { addWebhook } from '../../server/core/webhooks/manage.ts'
import { testDatabaseEnv } from '../support/backend.ts'
import { prepareDatabase, withDatabase } from '../support/prepared-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts'

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
      const res = await fetch(`${running.url}/api/v3/share/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ i }) })
      expect(res.status).toBe(200)
      acknowledged.push(((await res.json()) as { data: { id: string } }).data.id)
    }
    await receiver.waitFor(RECORDS)
    // Every first attempt has been recorded (no lease left) before the kill.
    for (;;) {
      const rows = await withDatabase(env, (ctx) => ctx.storage.webhooks.deliveries(webhookId, 100))
      if (rows.length === RECORDS && rows.every((row) => row.attempts === 1 && row.leaseUntil === null)) break
    }
    running.proc.kill('SIGKILL')
    expect(await running.proc.exited).not.toBe(0)

    receiver.answer(200, 'thanks')
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off' })
    await receiver.waitFor(2 * RECORDS)
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined

    const accepted = receiver.received.slice(RECORDS).map((request) => request.headers['webhook-id'])
    expect(accepted.sort()).toEqual(acknowledged.map((id) => `msg_${id}_${webhookId}`).sort())
    const rows = await withDatabase(env, (ctx) => ctx.storage.webhooks.deliveries(webhookId, 100))
    expect(rows.map((row) => [row.status, row.attempts, row.lastStatus])).toEqual(Array.from({ length: RECORDS }, () => ['delivered', 2, 200]))
  })
})
