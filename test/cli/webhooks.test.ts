/**
 * svc-cli share webhook against a real server (its delivery worker running) and a loopback
 * receiver; and the same commands reached by an agent through MCP `svc_exec`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { connectStdioMcp, type ToolResult } from '../support/mcp-client.ts'
import { cliInProcess, expectOk, startTestServer, tempConfigHome } from '../support/server.ts'
import { startReceiver } from '../support/webhook-receiver.ts'
import { callServer } from '../support/call.ts'

const server = await startTestServer({ SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
const receiver = startReceiver()
afterAll(async () => {
  receiver.stop()
  await server.close()
})

let env: Record<string, string>
beforeAll(async () => {
  const { token } = await server.account()
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
})
const cli = (...argv: string[]) => cliInProcess(argv, { env })
const ok = expectOk

describe('svc-cli share webhook', () => {
  test('add, list, test, deliveries after a record, update, retry, remove', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Hooked', '--json')).json().id as string
    const { token } = ok(await cli('share', 'publish', '--app', app, '--json')).json()

    const { secret, ...added } = ok(
      await cli(
        'share',
        'webhook',
        'add',
        '--app',
        app,
        '--url',
        receiver.url,
        '--events',
        'record.created,app.unpublished',
        '--json',
      ),
    ).json()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect({ ...added }).toEqual({
      id: expect.any(String),
      appId: app,
      url: receiver.url,
      events: ['record.created', 'app.unpublished'],
      enabled: true,
      disabledReason: null,
      failures: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const human = ok(await cli('share', 'webhook', 'list', '--app', app)).stdout
    expect(human).toContain(added.id)
    expect(human).not.toContain(secret)
    expect(human).toContain(receiver.url)
    expect(ok(await cli('share', 'webhook', 'list', '--app', app, '--json')).json()).toEqual([added])
    expect(ok(await cli('share', 'webhook', 'list', '--app', app, '-q')).stdout).toBe(`${added.id}\n`)

    const tested = ok(await cli('share', 'webhook', 'test', '--app', app, '--webhook', added.id, '--json')).json()
    expect(tested).toMatchObject({ delivered: true, status: 200, response: null })
    const verifier = new Webhook(secret)
    expect(verifier.verify(receiver.received[0].body, receiver.received[0].headers)).toMatchObject({
      type: 'webhook.test',
      data: { appId: app },
    })

    const posted = await callServer(server.url, 'ingest.post', {
      params: { token },
      body: { email: 'ada@example.com' },
    })
    expect(posted.status).toBe(200)
    const recordId = posted.body.data.id
    // The server's own worker sends it.
    await receiver.waitFor(2)
    expect(verifier.verify(receiver.received[1].body, receiver.received[1].headers)).toMatchObject({
      type: 'record.created',
      data: { appId: app, records: [{ id: recordId, data: { email: 'ada@example.com' } }] },
    })
    let deliveries = ok(
      await cli('share', 'webhook', 'deliveries', '--app', app, '--webhook', added.id, '--json'),
    ).json()
    while (deliveries[0]?.status !== 'delivered')
      deliveries = ok(await cli('share', 'webhook', 'deliveries', '--app', app, '--webhook', added.id, '--json')).json()
    expect(deliveries).toMatchObject([
      {
        id: `msg_${recordId}_${added.id}`,
        event: 'record.created',
        subject: recordId,
        records: 1,
        status: 'delivered',
        attempts: 1,
        lastStatus: 200,
      },
    ])

    expect(ok(await cli('share', 'webhook', 'deliveries', '--app', app, '--webhook', added.id, '-q')).stdout).toBe(
      `${deliveries[0].id}\n`,
    )
    const table = ok(await cli('share', 'webhook', 'deliveries', '--app', app, '--webhook', added.id)).stdout
    expect(table.split('\n')[0].split(/\s{2,}/)).toEqual([
      'ID',
      'EVENT',
      'RECORDS',
      'STATUS',
      'ATTEMPTS',
      'LAST ANSWER',
      'MS',
      'NEXT TRY',
    ])
    const retried = ok(
      await cli(
        'share',
        'webhook',
        'retry',
        '--app',
        app,
        '--webhook',
        added.id,
        '--delivery',
        deliveries[0].id,
        '--json',
      ),
    ).json()
    expect(retried).toMatchObject({ id: deliveries[0].id, status: 'pending' })
    await receiver.waitFor(3)
    expect(receiver.received[2].headers['webhook-id']).toBe(deliveries[0].id)

    const off = ok(
      await cli('share', 'webhook', 'update', '--app', app, '--webhook', added.id, '--enabled', 'off', '--json'),
    ).json()
    expect(off).toMatchObject({ enabled: false, disabledReason: null })
    expect((await cli('share', 'webhook', 'update', '--app', app, '--webhook', added.id)).code).toBe(2)

    const refused = await cli('share', 'webhook', 'remove', '--app', app, '--webhook', added.id)
    expect(refused.code).toBe(2)
    expect(
      ok(await cli('share', 'webhook', 'remove', '--app', app, '--webhook', added.id, '--yes', '--json')).json(),
    ).toEqual({ id: added.id, removed: true })
    const gone = await cli('share', 'webhook', 'test', '--app', app, '--webhook', added.id, '--json')
    expect(gone.code).toBe(1)
    expect(JSON.parse(gone.stderr)).toEqual({ error: { type: 'not_found', message: 'Webhook not found' } })
  })

  test('a test the receiver refuses exits 1 with what came back; bad input is a validation error before any request', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Refusing', '--json')).json().id as string
    const added = ok(await cli('share', 'webhook', 'add', '--app', app, '--url', receiver.url, '--json')).json()
    receiver.answer(500, 'nope')
    const failed = await cli('share', 'webhook', 'test', '--app', app, '--webhook', added.id, '--json')
    receiver.answer(200, 'ok')
    expect(failed.code).toBe(1)
    expect(JSON.parse(failed.stderr).error).toMatchObject({
      type: 'not_delivered',
      message: 'The webhook did not accept the test event: HTTP 500',
    })
    const bad = await cli(
      'share',
      'webhook',
      'add',
      '--app',
      app,
      '--url',
      receiver.url,
      '--events',
      'record.changed',
      '--json',
    )
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stderr)).toEqual({
      error: {
        type: 'validation',
        message:
          '--events: 0: must be one of "record.created", "record.updated", "record.deleted", "app.published", "app.unpublished"',
        details: {
          problems: [
            {
              flag: '--events',
              message:
                '0: must be one of "record.created", "record.updated", "record.deleted", "app.published", "app.unpublished"',
            },
          ],
        },
      },
    })
  })
})

describe('svc-cli share notifications', () => {
  test('shows and switches the e-mail per record', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Mailed', '--json')).json().id as string
    expect(ok(await cli('share', 'notifications', '--app', app, '--json')).json()).toEqual({
      enabled: false,
      perHour: 10,
      smtp: false,
    })
    expect(ok(await cli('share', 'notifications', '--app', app, '--email', 'on', '--json')).json()).toEqual({
      enabled: true,
      perHour: 10,
      smtp: false,
    })
    expect(ok(await cli('share', 'notifications', '--app', app)).stdout).toContain('e-mail per new record  on')
    const bad = await cli('share', 'notifications', '--app', app, '--email', 'maybe')
    expect(bad.code).toBe(2)
    expect(ok(await cli('share', 'notifications', '--app', app, '--email', 'off', '--json')).json()).toEqual({
      enabled: false,
      perHour: 10,
      smtp: false,
    })
  })
})

describe('through MCP svc_exec', () => {
  test('an agent adds and lists webhooks with the same commands', async () => {
    const client = await connectStdioMcp(env, { name: 'svc-webhooks-test' })
    try {
      const call = async (args: Record<string, unknown>) =>
        (await client.callTool({ name: 'svc_exec', arguments: args })) as ToolResult
      const app = JSON.parse((await call({ command: 'app create', args: ['--name', 'Agent hooks'] })).content[0].text)
      const added = await call({ command: 'share webhook add', args: ['--app', app.id, '--url', receiver.url] })
      expect(added.isError).toBeUndefined()
      const listed = await call({ command: 'share webhook list', args: ['--app', app.id] })
      expect(JSON.parse(listed.content[0].text)).toMatchObject([{ url: receiver.url, enabled: true }])
    } finally {
      await client.close()
    }
  }, 30_000)
})
