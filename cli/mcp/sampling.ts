/**
 * @module The agent's own model as svc's planner: when the MCP client declares the
 * `sampling` capability, svc_generate asks it (`sampling/createMessage`) for the plan as
 * JSON, with the same prompts as the server's LLM planner (plan-prompt.ts), judges the
 * answer with the same checks as every plan, and sends the problems back once. The plan is
 * then stored on the server as a caller-written plan, which the server checks again.
 */
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js'
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { Plan } from '../../server/contract/smart/plan.ts'
import {
  judgePlanAnswer,
  planRepairPrompt,
  planSystemPrompt,
  planUserPrompt,
} from '../../server/contract/smart/plan-prompt.ts'

/** What a tool may ask of the MCP session it runs in. */
export interface McpSession {
  /** True when the connected client declared the `sampling` capability. */
  canSample(): boolean
  createMessage(params: CreateMessageRequest['params'], options?: RequestOptions): Promise<CreateMessageResult>
}

/** How long one sampling request may take (a model writing a whole plan is slow); SVC_MCP_SAMPLING_MS overrides. */
export const SAMPLING_TIMEOUT_MS = 180_000
/** Room for a whole plan of 50 questions in the model's answer. */
const MAX_TOKENS = 16_000

export function samplingTimeoutMs(env: Record<string, string | undefined>): number {
  const raw = env.SVC_MCP_SAMPLING_MS?.trim()
  return raw && /^\d+$/.test(raw) ? Number(raw) : SAMPLING_TIMEOUT_MS
}

type Message = CreateMessageRequest['params']['messages'][number]
const text = (role: Message['role'], value: string): Message => ({ role, content: { type: 'text', text: value } })

/** The text of a sampling answer (a model that answers with no text fails the check like invalid JSON). */
const answerText = (result: CreateMessageResult): string => (result.content.type === 'text' ? result.content.text : '')

export type SamplingOutcome = { plan: Plan; model: string } | { failure: string }

/**
 * A plan from the client's model for `instruction`, improving `draft`: one request, and one
 * repair request listing every problem when the first answer is not a valid plan. A client
 * that refuses or fails, or a second invalid answer, is a `failure` saying why.
 */
export async function planWithSampling(
  session: McpSession,
  instruction: string,
  draft: Plan,
  options: { signal?: AbortSignal; timeoutMs: number; onStep?: (percent: number, message: string) => Promise<void> },
): Promise<SamplingOutcome> {
  const messages: Message[] = [text('user', planUserPrompt(instruction, draft))]
  const ask = () =>
    session.createMessage(
      {
        messages,
        systemPrompt: planSystemPrompt(),
        maxTokens: MAX_TOKENS,
        temperature: 0,
        includeContext: 'none',
        modelPreferences: { intelligencePriority: 0.8, speedPriority: 0.2 },
      },
      { signal: options.signal, timeout: options.timeoutMs },
    )
  try {
    await options.onStep?.(20, "Asking the client's model for a plan")
    const first = await ask()
    const firstVerdict = judgePlanAnswer(answerText(first), instruction)
    if ('plan' in firstVerdict) return { plan: firstVerdict.plan, model: first.model }
    messages.push(text('assistant', answerText(first)), text('user', planRepairPrompt(firstVerdict.problems)))
    await options.onStep?.(60, `The model's plan had ${firstVerdict.problems.length} problem(s); asking it to fix them`)
    const second = await ask()
    const secondVerdict = judgePlanAnswer(answerText(second), instruction)
    if ('plan' in secondVerdict) return { plan: secondVerdict.plan, model: second.model }
    const [problem] = secondVerdict.problems
    return {
      failure: `its plan was still invalid after one repair (${secondVerdict.problems.length} problem(s), first: ${problem.path || 'plan'}: ${problem.message})`,
    }
  } catch (error) {
    if (options.signal?.aborted) throw error
    return { failure: `the sampling request failed: ${error instanceof Error ? error.message : String(error)}` }
  }
}
