/**
 * svc_generate and svc_execute through a real SDK Client over stdio (`bun cli/main.ts mcp`
 * with an explicit env) against real servers: progress notifications, the running/jobId
 * path with a tiny wait (an LLM planner faked on loopback that answers when told), building
 * the app, and isError results with next steps.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import { LOGIN_HINT } from '../../cli/mcp/constraints.ts'
import { jobSettled } from '../../server/smart/jobs.ts'
import type { Described } from '../../server/contract/api/request.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'
import type { CallArgs, ServerCallOptions } from '../support/call.ts'
import { connectStdioMcp, toolText, type ToolResult } from '../support/mcp-client.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { heldModel } from '../support/held-model.ts'
import type { JsonDocument } from '../support/contract.ts'

const model = heldModel()
const server = await startTestServer()
const slowServer = await startTestServer({ SVC_LLM_URL: model.url, SVC_LLM_MODEL: 'test-model' })
const clients: Client[] = []
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all([server.close(), slowServer.close()])
  model.stop()
})

async function connect(env: Record<string, string>): Promise<Client> {
  const client = await connectStdioMcp(env, { name: 'svc-smart-test' })
  clients.push(client)
  return client
}

type Result = ToolResult<JsonDocument>
const call = async (client: Client, name: string, args: Record<string, unknown>, onprogress?: (p: Progress) => void) =>
  (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined)) as Result
const text = toolText

/** What `on` answers operation `name` with (the envelope's data), called with `token`. */
const api = <N extends Described>(
  on: TestServer,
  token: string,
  name: N,
  ...args: CallArgs<N, Omit<ServerCallOptions, 'token'>>
) => dataCaller(boundCaller(on.url, token))(name, ...args)

const INSTRUCTION = 'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism; calm blue'

describe('the tools as listed', () => {
  test('svc_generate and svc_execute carry every annotation and one small output schema; the plan limits are in the instructions', async () => {
    const client = await connect({ SVC_URL: server.url })
    const { tools } = await client.listTools()
    const generate = tools.find((t) => t.name === 'svc_generate')!
    const execute = tools.find((t) => t.name === 'svc_execute')!
    expect(generate.annotations).toEqual({
      title: 'Plan a form or assessment app',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    })
    expect(execute.annotations).toEqual({
      title: 'Build the app from a plan',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    })
    for (const tool of [generate, execute]) {
      expect(tool.outputSchema!.required).toEqual(['status'])
      expect(Object.keys(tool.outputSchema!.properties!).sort()).toEqual([
        'appId',
        'jobId',
        'notes',
        'planId',
        'progress',
        'status',
        'urls',
      ])
    }
    expect(Object.keys(generate.inputSchema.properties!).sort()).toEqual(['instruction', 'plan', 'planner'])
    expect(Object.keys(execute.inputSchema.properties!).sort()).toEqual(['jobId', 'module', 'plan', 'planId'])
    expect(execute.inputSchema.properties!.plan).toMatchObject({ type: 'object' })
    expect(client.getInstructions()).toContain(
      'auth_status (log in with auth_login or auth_email_code if needed) → svc_generate',
    )
    expect(client.getInstructions()).toContain('→ svc_execute (builds the app from the plan) / svc_exec')
    expect(client.getInstructions()).toContain('→ svc_exec "share publish"')
    expect(client.getInstructions()).toContain('Plans: up to 50 questions and 20 dimensions (scales)')
  })
})

describe('built-in planner', () => {
  let client: Client
  let token: string
  beforeAll(async () => {
    token = (await server.account()).token
    client = await connect({ SVC_URL: server.url, SVC_TOKEN: token })
  })

  test('svc_generate answers the plan and sends rising progress notifications for the progress token', async () => {
    const progress: Progress[] = []
    const result = await call(client, 'svc_generate', { instruction: INSTRUCTION }, (p) => progress.push(p))
    expect(result.isError).toBeUndefined()
    const planId = result.structuredContent.planId
    const stored = await api(server, token, 'plans.get', { params: { id: planId } })
    expect(result.structuredContent).toEqual({
      status: 'ready',
      jobId: expect.any(String),
      planId,
      progress: { stage: 'done', percent: 100 },
      notes: stored.plan.notes,
    })
    expect(stored.plan.scale.scales.map((s: { key: string }) => s.key)).toEqual(['exhaustion', 'cynicism'])
    const body = text(result)
    const dimensions = stored.plan.scale.scales
      .map((s) => `${s.name} (3 items; levels ${s.levels!.map((l) => l.label).join(' / ')})`)
      .join(', ')
    expect(body).toStartWith(
      `Plan ${planId}: "${stored.plan.app.name}" (en, builtin planner), 6 questions, 2 dimensions: ${dimensions}.\n`,
    )
    expect(body).toContain(
      `Notes (defaults the planner chose):\n${stored.plan.notes.map((n: string) => `- ${n}`).join('\n')}\n`,
    )
    expect(body).toContain(`call svc_execute with {"planId":"${planId}"} to build the app`)

    const job = await api(server, token, 'smart.job', { params: { id: result.structuredContent.jobId } })
    expect(progress.map((p) => p.message)).toEqual(job.progress.messages)
    expect(progress.map((p) => p.progress)).toEqual([20, 40, 60, 80, 100])
    expect(progress.every((p) => p.total === 100)).toBe(true)
  })

  test('without a progress token there are no notifications, and the answer is the same kind', async () => {
    const result = await call(client, 'svc_generate', { instruction: 'a short engagement survey' })
    expect(result.structuredContent).toMatchObject({ status: 'ready', progress: { stage: 'done', percent: 100 } })
    expect(Object.keys(result.structuredContent).sort()).toEqual(['jobId', 'notes', 'planId', 'progress', 'status'])
  })

  test('svc_execute builds the app, reports each module and the URLs; a repeat skips everything', async () => {
    const planId = (await call(client, 'svc_generate', { instruction: INSTRUCTION })).structuredContent.planId
    const built = await call(client, 'svc_execute', { planId })
    expect(built.isError).toBeUndefined()
    const appId = built.structuredContent.appId
    const urls = await api(server, token, 'apps.urls', { params: { id: appId } })
    expect(built.structuredContent).toEqual({ status: 'built', planId, appId, urls })
    expect(await api(server, token, 'apps.get', { params: { id: appId } })).toMatchObject({
      fieldCount: 6,
      published: false,
    })
    const body = text(built)
    expect(body).toStartWith(
      `Built app ${appId} from plan ${planId}:\n- form     created 6: q1, q2, q3, q4, q5, q6\n- scale    created 2: exhaustion, cynicism\n`,
    )
    expect(body).toContain('\n- connect  created 1: theme\n- share    nothing to do\n')
    expect(body).toContain(
      `URLs:\n- fill-in: not published yet\n- editor: ${urls.editor}\n- data: ${urls.data}\n- endpoint: not published yet\n`,
    )
    expect(body).toEndWith(
      `svc_exec "share publish" with ["--app", "${appId}"] opens the fill-in page and endpoint. svc_snapshot shows the whole app.`,
    )

    const again = await call(client, 'svc_execute', { planId })
    expect(again.structuredContent).toEqual({ status: 'built', planId, appId, urls })
    const skipped = text(again).split('\n')
    expect(skipped[0]).toBe(`Updated app ${appId} from plan ${planId}:`)
    expect(skipped.slice(1, 7).every((line) => line.includes('skipped (done by an earlier run: '))).toBe(true)
    const one = await call(client, 'svc_execute', { planId, module: 'share' })
    expect(text(one).split('\n').slice(0, 3)).toEqual([
      `Updated app ${appId} from plan ${planId}:`,
      '- share  nothing to do',
      'URLs:',
    ])
    expect(await api(server, token, 'apps.get', { params: { id: appId } })).toMatchObject({ fieldCount: 6 })
  })

  test('a module that fails stops the build with how to resume; the fixed app resumes without duplicates', async () => {
    const planId = (await call(client, 'svc_generate', { instruction: INSTRUCTION })).structuredContent.planId
    const first = await call(client, 'svc_execute', { planId, module: 'connect' })
    const appId = first.structuredContent.appId
    // 45 other fields leave no room for the plan's 6 (50 per app).
    for (let i = 0; i < 45; i++)
      await api(server, token, 'fields.add', { params: { id: appId }, body: { name: `other${i}` } })
    const failed = await call(client, 'svc_execute', { planId })
    expect(failed.isError).toBe(true)
    const lines = text(failed).split('\n')
    expect(lines[0]).toStartWith('Error (')
    expect(lines[0]).toContain('Executing the plan stopped at the form module: ')
    expect(lines.at(-1)).toBe(
      `Fix the plan (svc_execute with {"planId":"${planId}","plan":{…}} replaces and builds it) or the app (svc_exec), then call svc_execute with {"planId":"${planId}"} again: finished modules are not repeated.`,
    )
    for (let i = 0; i < 45; i++)
      await api(server, token, 'fields.remove', { params: { id: appId, field: `other${i}` } })
    const resumed = await call(client, 'svc_execute', { planId })
    expect(resumed.structuredContent).toMatchObject({ status: 'built', appId })
    expect(text(resumed)).toStartWith(
      `Updated app ${appId} from plan ${planId}:\n- form     created 1: q6; already there 5: q1, q2, q3, q4, q5\n`,
    )
    expect(await api(server, token, 'apps.get', { params: { id: appId } })).toMatchObject({ fieldCount: 6 })
  })

  test.each([
    [
      'svc_execute',
      {},
      'Error (usage): Pass planId or plan to build the app, or jobId to wait for a running svc_generate, not both or neither\nCall again with one of them.',
    ],
    [
      'svc_execute',
      { planId: 'a', jobId: 'b' },
      'Error (usage): Pass planId or plan to build the app, or jobId to wait for a running svc_generate, not both or neither\nCall again with one of them.',
    ],
    [
      'svc_execute',
      { plan: { version: 1 }, jobId: 'b' },
      'Error (usage): Pass planId or plan to build the app, or jobId to wait for a running svc_generate, not both or neither\nCall again with one of them.',
    ],
    [
      'svc_execute',
      { planId: 'nope' },
      'Error (not_found): Plan not found\nCheck the id: svc_generate returns planId (and jobId while planning); svc_read "smart plan list" lists your plans.',
    ],
    [
      'svc_execute',
      { jobId: 'nope' },
      'Error (not_found): Job not found\nCheck the jobId: it is the one svc_generate answered with {status:"running"}. svc_read "smart status" with ["--job", "<id>"] shows a job.',
    ],
    [
      'svc_execute',
      { jobId: 'x', module: 'form' },
      'Error (usage): module goes with planId or plan, not with jobId\nWait for the plan with jobId first, then build with planId (and module if needed).',
    ],
    [
      'svc_generate',
      { instruction: 'a quiz', planner: 'llm' },
      'Error (validation): The LLM planner is not configured on this server: set SVC_LLM_URL and SVC_LLM_MODEL, or use planner "builtin"\n- planner: the LLM planner is not configured (SVC_LLM_URL, SVC_LLM_MODEL)\nFix the listed problems and call again; planner "builtin" needs nothing external (leave planner out for the server default).',
    ],
  ])('%s %j is an isError result with the next step', async (tool, args, message) => {
    const result = await call(client, tool, args)
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: message }] })
  })

  test('not logged in: both tools say how to log in', async () => {
    const anonymous = await connect({ SVC_URL: server.url })
    for (const [tool, args] of [
      ['svc_generate', { instruction: 'a quiz' }],
      ['svc_execute', { planId: 'x' }],
    ] as const) {
      const result = await call(anonymous, tool, args)
      expect(result.isError).toBe(true)
      expect(text(result)).toBe(
        `Error (unauthorized): Not logged in to ${server.url}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.\n${LOGIN_HINT}`,
      )
    }
  })
})

describe('a planner that outlasts the wait', () => {
  test('svc_generate answers running with a jobId; svc_execute polls it to the plan, then builds', async () => {
    const { token } = await slowServer.account()
    const client = await connect({ SVC_URL: slowServer.url, SVC_TOKEN: token, SVC_MCP_WAIT_MS: '150' })
    const progress: Progress[] = []
    const running = await call(client, 'svc_generate', { instruction: INSTRUCTION }, (p) => progress.push(p))
    expect(running.isError).toBeUndefined()
    const jobId = running.structuredContent.jobId
    expect(running.structuredContent).toEqual({
      status: 'running',
      jobId,
      progress: { stage: 'asking the model', percent: 30 },
    })
    expect(text(running)).toBe(
      `Planning is still running (job ${jobId}, stage "asking the model", 30%; latest: Asking test-model for a plan). Call svc_execute with {"jobId":"${jobId}"} to wait for it again (each call waits up to 150 ms); it answers with the plan when ready.`,
    )
    expect(progress.map((p) => p.message)).toEqual([
      'Queued for the llm planner',
      'Reading the instruction',
      'Asking test-model for a plan',
    ])
    expect(progress.map((p) => p.progress)).toEqual([10, 20, 30])

    const still = await call(client, 'svc_execute', { jobId })
    expect(still.structuredContent).toMatchObject({ status: 'running', jobId })

    await model.request()
    model.answer()
    await jobSettled(slowServer.ctx, jobId)
    const ready = await call(client, 'svc_execute', { jobId })
    const planId = ready.structuredContent.planId
    expect(ready.structuredContent).toMatchObject({
      status: 'ready',
      jobId,
      planId: expect.any(String),
      progress: { stage: 'done', percent: 100 },
    })
    expect(text(ready)).toStartWith(`Plan ${planId}: "`)
    expect(text(ready)).toContain('(en, llm planner), 6 questions, ')
    expect(ready.structuredContent.notes[0]).toBe(
      "Planned by the LLM planner (test-model), starting from the built-in planner's draft.",
    )

    const built = await call(client, 'svc_execute', { planId })
    const appId = built.structuredContent.appId
    expect(built.structuredContent).toEqual({
      status: 'built',
      planId,
      appId,
      urls: await api(slowServer, token, 'apps.urls', { params: { id: appId } }),
    })
    expect(text(built)).toStartWith(`Built app ${appId} from plan ${planId}:`)
    expect(await api(slowServer, token, 'apps.get', { params: { id: appId } })).toMatchObject({ fieldCount: 6 })
  })

  test('a request the client cancels cancels its planning job', async () => {
    const { token, user } = await slowServer.account()
    const client = await connect({ SVC_URL: slowServer.url, SVC_TOKEN: token })
    const abort = new AbortController()
    const call = client.callTool({ name: 'svc_generate', arguments: { instruction: INSTRUCTION } }, undefined, {
      signal: abort.signal,
    })
    await model.request()
    abort.abort()
    await expect(call).rejects.toThrow()
    const [row] = await slowServer.ctx.storage.smart.jobsOf(user.id)
    // The model never answers: the job ends only because the tool cancelled it.
    await jobSettled(slowServer.ctx, row.id)
    expect(await api(slowServer, token, 'smart.job', { params: { id: row.id } })).toMatchObject({
      status: 'cancelled',
      planId: null,
      progress: { stage: 'cancelled' },
    })
    model.answer()
  })
})
