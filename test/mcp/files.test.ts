/**
 * Files through MCP: an agent reads a record's file metadata as stored ({id, name, size,
 * type, sha256}, fenced as data like all record content), never the bytes, and cannot post
 * a local file with share post (test/mcp/local-files.test.ts covers every path flag).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import type { FileObject } from '../../server/contract/files/model.ts'
import { callServer } from '../support/call.ts'
import { startTestServer, tempConfigHome } from '../support/server.ts'
import { inProcessMcp, resultText, type InProcessMcp } from './in-process.ts'

const server = await startTestServer()
let mcp: InProcessMcp
let app: string
let record: string
let token: string

beforeAll(async () => {
  token = (await server.account()).token
  mcp = await inProcessMcp({ SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() })
  const json = async (command: string, args: string[]) =>
    JSON.parse(resultText(await mcp.call('svc_exec', { command, args })))
  app = (await json('app create', ['--name', 'Applications'])).id
  const share = await json('share publish', ['--app', app])
  const added = await callServer(
    server.url,
    'fields.add',
    { params: { id: app }, body: { name: 'cv', type: 'file' } },
    { token },
  )
  expect(added.status).toBe(200)
  const form = new FormData()
  form.append('cv', new File(['the secret bytes of a CV'], 'cv.txt'))
  const posted = await fetch(`${server.url}/api/v3/share/${share.token}/form`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  })
  record = ((await posted.json()) as { data: { id: string } }).data.id
}, 30_000)
afterAll(async () => {
  await mcp?.close()
  await server.close()
})

test('share get shows the file object as stored, not the bytes', async () => {
  const result = await mcp.call('svc_read', { command: 'share get', args: ['--app', app, '--record', record] })
  expect(result.isError).toBeFalsy()
  const text = resultText(result)
  const stored = await callServer(server.url, 'records.get', { params: { id: app, recordId: record } }, { token })
  const cv = (stored.body as unknown as { data: { data: { cv: FileObject } } }).data.data.cv
  expect(cv.sha256).toBe(createHash('sha256').update('the secret bytes of a CV').digest('hex'))
  for (const part of [`"id": "${cv.id}"`, '"name": "cv.txt"', `"size": ${cv.size}`, `"sha256": "${cv.sha256}"`])
    expect(text).toContain(part)
  expect(text).not.toContain('the secret bytes')
})
