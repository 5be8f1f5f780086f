/**
 * The records of an app as an MCP resource, through the SDK Client and `svc-cli mcp` as a
 * real stdio process against a real server: the template is listed, a read gives the
 * newest records fenced as data from the public, a subscription brings
 * notifications/resources/updated when records arrive (at most one a second per resource),
 * unsubscribing or closing ends the server's stream, and refusals say what to do. svc_exec
 * refuses `share tail`, which never ends, pointing here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { NEWEST_RECORDS, NOTICE_INTERVAL_MS } from '../../cli/mcp/records-resource.ts'
import { UNTRUSTED_LABEL } from '../../cli/mcp/results.ts'
import { createLogger } from '../../server/core/logger.ts'
import { makeEndpoint } from '../support/records.ts'
import { connectStdioMcp } from '../support/mcp-client.ts'
import { BUN, ROOT, startTestServer, tempConfigHome, type TestServer } from '../support/server.ts'

const logLines: string[] = []
const logWaiters = new Set<() => void>()
let server: TestServer
let client: Client
let userId: string
const updates: Array<{ uri: string; at: number }> = []

/** How many lines the server has logged holding `text`. */
const count = (text: string) => logLines.filter((line) => line.includes(text)).length

/** Resolves once the server has logged `count` lines holding `text`. */
const logged = (text: string, count = 1) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (logLines.filter((line) => line.includes(text)).length < count) return
      logWaiters.delete(check)
      resolve()
    }
    logWaiters.add(check)
    check()
  })

const updateWaiters = new Set<() => void>()

/** Resolves once `count` updates of `uri` came. */
const updated = (uri: string, count: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (updates.filter((u) => u.uri === uri).length < count) return
      updateWaiters.delete(check)
      resolve()
    }
    updateWaiters.add(check)
    check()
  })

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      log: createLogger('debug', (_level, line) => {
        logLines.push(line)
        for (const wake of [...logWaiters]) wake()
      }),
    },
  )
  const account = await server.account()
  userId = account.user.id
  client = await connectStdioMcp(
    { SVC_URL: server.url, SVC_TOKEN: account.token },
    {
      name: 'svc-subscription-test',
      prepare: (client) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notice) => {
          updates.push({ uri: notice.params.uri, at: Date.now() })
          for (const wake of [...updateWaiters]) wake()
        }),
    },
  )
}, 30_000)

afterAll(async () => {
  await server.close()
})

async function app() {
  const endpoint = await makeEndpoint(server.ctx, userId)
  const post = async (n: number) => {
    const response = await fetch(`${server.url}${endpoint.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    })
    expect(response.status).toBe(200)
  }
  return { ...endpoint, uri: `svc://apps/${endpoint.appId}/records`, post }
}

describe('svc://apps/{id}/records', () => {
  test(`the template is listed with subscriptions; a read gives the ${NEWEST_RECORDS} newest records, newest first, fenced as data`, async () => {
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true })
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['svc://apps/{id}/records'])
    const a = await app()
    for (const n of [1, 2, 3]) await a.post(n)
    const read = await client.readResource({ uri: a.uri })
    const text = (read.contents[0] as { text: string }).text
    expect(read.contents[0].mimeType).toBe('text/markdown')
    expect(text).toStartWith(
      `3 records; the 3 newest, newest first:\n\n${UNTRUSTED_LABEL}\n\`\`\`untrusted-record-data\n`,
    )
    const records = JSON.parse(text.split('```untrusted-record-data\n')[1].split('\n```')[0])
    expect(records.map((record: { data: { n: number } }) => record.data.n)).toEqual([3, 2, 1])
  })

  test('a subscriber is told when records arrive, at most once a second per resource; unsubscribing ends the stream', async () => {
    const [a, b] = [await app(), await app()]
    const streamsBefore = count('live stream opened')
    const endedBefore = count('live stream ended')
    await client.subscribeResource({ uri: a.uri })
    await client.subscribeResource({ uri: b.uri })
    // Each subscription follows its app from now on: its stream is open before the records come.
    await logged('live stream opened', streamsBefore + 2)
    for (let n = 1; n <= 20; n++) await a.post(n)
    await b.post(1)
    await updated(a.uri, 2)
    await updated(b.uri, 1)
    const toldA = updates.filter((u) => u.uri === a.uri).map((u) => u.at)
    for (let i = 1; i < toldA.length; i++)
      expect(toldA[i] - toldA[i - 1]).toBeGreaterThanOrEqual(NOTICE_INTERVAL_MS - 20)
    // The notices are a cue to read again: the read then holds the records.
    const read = await client.readResource({ uri: a.uri })
    expect((read.contents[0] as { text: string }).text).toStartWith('20 records;')
    await client.unsubscribeResource({ uri: a.uri })
    await logged('live stream ended', endedBefore + 1)
    expect(server.ctx.live.size).toBe(1)
    await client.unsubscribeResource({ uri: b.uri })
    await logged('live stream ended', endedBefore + 2)
    expect(server.ctx.live.size).toBe(0)
  })

  test("refusals say what to do: a URI that is not an app's records, an app of another account", async () => {
    const other = await server.account()
    const theirs = await makeEndpoint(server.ctx, other.user.id)
    await expect(client.subscribeResource({ uri: 'svc://constraints' })).rejects.toThrow(
      'Only svc://apps/{id}/records can be subscribed to, not svc://constraints',
    )
    await expect(client.subscribeResource({ uri: `svc://apps/${theirs.appId}/records` })).rejects.toThrow(
      `App ${theirs.appId} not found. See your apps with \`svc-cli app list\`.`,
    )
    await expect(client.readResource({ uri: `svc://apps/${theirs.appId}/records` })).rejects.toThrow(
      `App ${theirs.appId} not found. See your apps with \`svc-cli app list\`.`,
    )
  })

  test('svc_exec refuses share tail, which never ends, and points at the subscription', async () => {
    const result = (await client.callTool({
      name: 'svc_exec',
      arguments: { command: 'share tail', args: ['--app', 'x'] },
    })) as { isError?: boolean; content: Array<{ text: string }> }
    expect(result.isError).toBe(true)
    expect(result.content[0].text).toStartWith(
      'Error (usage): "share tail" is not available through svc_exec: it never ends by itself. Read the resource svc://apps/<app id>/records (the newest records) and subscribe to it (resources/subscribe) to be told when records arrive',
    )
  })

  test('a client that goes away without closing (its end of stdin closed) ends the subscriptions and the process', async () => {
    const account = await server.account()
    const mine = await makeEndpoint(server.ctx, account.user.id)
    const opened = count('live stream opened')
    const ended = count('live stream ended')
    const proc = Bun.spawn([BUN, 'cli/main.ts', 'mcp'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        XDG_CONFIG_HOME: tempConfigHome(),
        SVC_URL: server.url,
        SVC_TOKEN: account.token,
      },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const send = (message: object) => void proc.stdin.write(`${JSON.stringify(message)}\n`)
    const reader = proc.stdout.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const answer = async (id: number) => {
      for (;;) {
        const line = text.split('\n').find((l) => l.includes(`"id":${id}`))
        if (line) return JSON.parse(line)
        const chunk = await reader.read()
        if (chunk.done) throw new Error(`no answer ${id}: ${text}`)
        text += decoder.decode(chunk.value, { stream: true })
      }
    }
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gone', version: '1' } },
    })
    await answer(1)
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: `svc://apps/${mine.appId}/records` } })
    expect((await answer(2)).result).toEqual({})
    await logged('live stream opened', opened + 1)
    // The client dies: its end of the pipe closes, nothing else is said.
    await proc.stdin.end()
    expect(await proc.exited).toBe(0)
    await logged('live stream ended', ended + 1)
  })

  test("closing the client ends its subscriptions' streams", async () => {
    const a = await app()
    const opened = count('live stream opened')
    await client.subscribeResource({ uri: a.uri })
    await logged('live stream opened', opened + 1)
    const before = count('live stream ended')
    expect(server.ctx.live.size).toBe(1)
    await client.close()
    await logged('live stream ended', before + 1)
    expect(server.ctx.live.size).toBe(0)
  })
})
