/**
 * svc_generate with the agent's own model: a real SDK Client over stdio (`bun cli/main.ts
 * mcp`) that declares the `sampling` capability and answers `sampling/createMessage` like
 * a model would, against a real server. A valid first answer is stored as the plan; an
 * invalid one is sent back once with every problem; two invalid answers, and clients
 * without sampling, fall back to the server's planner; an instrument is never rewritten by
 * the model; a plan the caller wrote is checked and stored as it is.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  CreateMessageRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { checkPlan } from '../../server/contract/smart/check-plan.ts'
import type { Plan } from '../../server/contract/smart/plan.ts'
import { planRepairPrompt, planSystemPrompt, planUserPrompt } from '../../server/contract/smart/plan-prompt.ts'
import { draftPlan } from '../../server/smart/planners.ts'
import { connectStdioMcp, type ToolResult } from '../support/mcp-client.ts'
import { startTestServer } from '../support/server.ts'
import { callServer } from '../support/call.ts'
import type { JsonDocument } from '../support/contract.ts'

const server = await startTestServer()
const clients: Client[] = []
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server.close()
})

type Params = CreateMessageRequest['params']
/** The model's answers, one function per expected request, and the requests it got. */
interface FakeModel {
  answers: Array<(params: Params) => string>
  requests: Params[]
}

async function connect(env: Record<string, string>, model: FakeModel | null): Promise<Client> {
  const client = await connectStdioMcp(env, {
    name: 'svc-sampling-test',
    client: model ? { capabilities: { sampling: {} } } : undefined,
    prepare: (client) => {
      if (!model) return
      client.setRequestHandler(CreateMessageRequestSchema, async (request): Promise<CreateMessageResult> => {
        model.requests.push(request.params)
        const answer = model.answers.shift()
        if (!answer) throw new Error('the test model got a request it did not expect')
        return {
          role: 'assistant',
          model: `test-model-${model.requests.length}`,
          content: { type: 'text', text: answer(request.params) },
        }
      })
    },
  })
  clients.push(client)
  return client
}

type Result = ToolResult<JsonDocument>
const call = async (client: Client, args: Record<string, unknown>, onprogress?: (p: Progress) => void) =>
  (await client.callTool(
    { name: 'svc_generate', arguments: args },
    undefined,
    onprogress ? { onprogress } : undefined,
  )) as Result
const text = (result: Result) => result.content.map((c) => c.text).join('\n')

async function storedPlan(token: string, planId: string): Promise<{ planner: string; plan: Plan }> {
  return (await callServer(server.url, 'plans.get', { params: { id: planId } }, { token })).body.data
}

/** The draft the prompt carries, as the model reads it. */
const draftIn = (params: Params): Plan =>
  JSON.parse((params.messages[0].content as { text: string }).text.split('answer with the whole plan:\n')[1])
const improved = (params: Params): Plan => {
  const draft = draftIn(params)
  return { ...draft, app: { ...draft.app, name: 'Nurses’ burnout check' }, notes: ['Renamed for nurses.'] }
}
const broken = (params: Params): Plan => {
  const plan = improved(params)
  plan.scale.scales[0].levels![0].min = 1.5
  return plan
}

const INSTRUCTION = 'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism'
const SAMPLED_NOTE = (n: number) =>
  `Planned by the MCP client's model (test-model-${n}) through MCP sampling, starting from the built-in planner's draft.`

let token: string
beforeAll(async () => {
  token = (await server.account()).token
})

describe('a client that supports sampling', () => {
  test("its model's valid plan is stored as the plan, asked for with the LLM planner's prompts", async () => {
    const model: FakeModel = { answers: [(params) => JSON.stringify(improved(params))], requests: [] }
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, model)
    const result = await call(client, { instruction: INSTRUCTION })
    expect(result.isError).toBeUndefined()
    const planId = result.structuredContent.planId
    const stored = await storedPlan(token, planId)
    const draft = planWithBuiltin(INSTRUCTION)
    expect(model.requests).toEqual([
      {
        messages: [{ role: 'user', content: { type: 'text', text: planUserPrompt(INSTRUCTION, draft) } }],
        systemPrompt: planSystemPrompt(),
        maxTokens: 16000,
        temperature: 0,
        includeContext: 'none',
        modelPreferences: { intelligencePriority: 0.8, speedPriority: 0.2 },
      },
    ])
    expect(stored).toMatchObject({
      planner: 'caller',
      plan: {
        ...draft,
        app: { ...draft.app, name: 'Nurses’ burnout check' },
        notes: [SAMPLED_NOTE(1), 'Renamed for nurses.'],
      },
    })
    expect(result.structuredContent).toEqual({
      status: 'ready',
      planId,
      notes: [SAMPLED_NOTE(1), 'Renamed for nurses.'],
    })
    expect(text(result)).toStartWith(
      `Plan ${planId}: "Nurses’ burnout check" (en, caller planner), 6 questions, 2 dimensions: `,
    )
  })

  test('an invalid first answer is sent back once with every problem; the valid retry is stored', async () => {
    const model: FakeModel = {
      answers: [
        (params) => `\`\`\`json\n${JSON.stringify(broken(params))}\n\`\`\``,
        (params) => JSON.stringify(improved({ ...params, messages: [params.messages[0]] })),
      ],
      requests: [],
    }
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, model)
    const progress: Progress[] = []
    const result = await call(client, { instruction: INSTRUCTION }, (p) => progress.push(p))
    expect(result.isError).toBeUndefined()
    expect(progress).toEqual([
      { progress: 20, total: 100, message: "Asking the client's model for a plan" },
      { progress: 60, total: 100, message: "The model's plan had 1 problem(s); asking it to fix them" },
    ])
    expect(model.requests).toHaveLength(2)
    const first = `\`\`\`json\n${JSON.stringify(broken(model.requests[0]))}\n\`\`\``
    const problems = checkPlan({ ...broken(model.requests[0]), instruction: INSTRUCTION }).problems
    expect(problems).toEqual([
      { path: 'scale.scales.0.levels', message: expect.stringMatching(/^gap from 1 to 1\.5: /) },
    ])
    expect(model.requests[1].messages).toEqual([
      model.requests[0].messages[0],
      { role: 'assistant', content: { type: 'text', text: first } },
      { role: 'user', content: { type: 'text', text: planRepairPrompt(problems) } },
    ])
    const stored = await storedPlan(token, result.structuredContent.planId)
    expect(stored.planner).toBe('caller')
    expect(stored.plan.notes).toEqual([SAMPLED_NOTE(2), 'Renamed for nurses.'])
  })

  test("two invalid answers: the server's planner plans instead, and the plan says why", async () => {
    const model: FakeModel = { answers: [() => 'not json', () => 'still not json'], requests: [] }
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, model)
    const result = await call(client, { instruction: INSTRUCTION })
    expect(result.isError).toBeUndefined()
    const stored = await storedPlan(token, result.structuredContent.planId)
    const note =
      "The MCP client's model was asked for the plan but its plan was still invalid after one repair (1 problem(s), first: plan: the answer is not valid JSON: answer with one JSON object only); the server's planner made it instead."
    expect(stored).toEqual({
      ...stored,
      planner: 'builtin',
      plan: { ...planWithBuiltin(INSTRUCTION), notes: [note, ...planWithBuiltin(INSTRUCTION).notes] },
    })
    expect(result.structuredContent).toMatchObject({
      status: 'ready',
      notes: [note, ...planWithBuiltin(INSTRUCTION).notes],
    })
  })

  test('an instruction naming a validated instrument is not given to the model', async () => {
    const model: FakeModel = { answers: [], requests: [] }
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, model)
    const result = await call(client, { instruction: 'the WHO-5 for our staff' })
    expect(model.requests).toEqual([])
    const stored = await storedPlan(token, result.structuredContent.planId)
    expect(stored).toMatchObject({ planner: 'instrument', plan: draftPlan('the WHO-5 for our staff').plan })
  })

  test('a planner asked for by name is the server’s, not the model', async () => {
    const model: FakeModel = { answers: [], requests: [] }
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, model)
    const result = await call(client, { instruction: INSTRUCTION, planner: 'builtin' })
    expect(model.requests).toEqual([])
    expect((await storedPlan(token, result.structuredContent.planId)).planner).toBe('builtin')
  })
})

describe('a client without sampling', () => {
  test('falls back to the built-in planner (no SVC_LLM_URL on this server)', async () => {
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, null)
    const result = await call(client, { instruction: INSTRUCTION })
    const planId = result.structuredContent.planId
    expect(result.structuredContent).toEqual({
      status: 'ready',
      jobId: expect.any(String),
      planId,
      progress: { stage: 'done', percent: 100 },
      notes: planWithBuiltin(INSTRUCTION).notes,
    })
    expect(await storedPlan(token, planId)).toMatchObject({ planner: 'builtin', plan: planWithBuiltin(INSTRUCTION) })
  })
})

describe('a plan the caller wrote', () => {
  test('is checked and stored as it is', async () => {
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, null)
    const plan = { ...planWithBuiltin(INSTRUCTION), notes: ['Mine.'] }
    const result = await call(client, { plan })
    expect(result.structuredContent).toEqual({ status: 'ready', planId: expect.any(String), notes: ['Mine.'] })
    expect(await storedPlan(token, result.structuredContent.planId)).toMatchObject({ planner: 'caller', plan })
  })

  test.each([
    [
      { plan: { ...planWithBuiltin(INSTRUCTION), language: 'fr', notes: 'none' } },
      'Error (validation): The plan argument is not a valid plan (2 problems); fix them and try again:\n  - language: Invalid option: expected one of "en"|"zh"\n  - notes: Invalid input: expected array, received string\nFix the listed problems in the plan and call again.',
    ],
    [
      {},
      'Error (usage): Pass instruction (what to build) or plan (a complete plan you wrote), not both or neither\nFix the arguments and call again.',
    ],
    [
      { instruction: 'x', plan: {} },
      'Error (usage): Pass instruction (what to build) or plan (a complete plan you wrote), not both or neither\nFix the arguments and call again.',
    ],
    [
      { plan: {}, planner: 'builtin' },
      'Error (usage): planner goes with instruction; a plan you wrote is stored as it is\nFix the arguments and call again.',
    ],
  ])('%j is an isError result saying what to fix', async (args, message) => {
    const client = await connect({ SVC_URL: server.url, SVC_TOKEN: token }, null)
    expect(await call(client, args)).toEqual({ isError: true, content: [{ type: 'text', text: message }] })
  })
})
