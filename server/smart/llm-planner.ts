/**
 * @module The LLM planner: asks an OpenAI-compatible chat-completions server (Ollama,
 * llama.cpp, vLLM, OpenAI…) for the plan as JSON. The request (plan-prompt.ts) carries the
 * plan's JSON Schema, the rules the schema cannot express, and the built-in planner's draft to
 * improve (small local models do far better editing a valid plan than writing one from
 * nothing). An invalid answer is sent back once with every problem listed; a second
 * failure, a network error or the time limit throws LlmPlannerError, and the caller falls
 * back to the built-in planner.
 */
import type { Plan } from '../contract/smart/plan.ts'
import {
  judgePlanAnswer as judge,
  planRepairPrompt,
  planSystemPrompt,
  planUserPrompt,
} from '../contract/smart/plan-prompt.ts'

export interface LlmSettings {
  url: string
  model: string
  apiKey: string | null
  timeoutMs: number
}

/** Why the LLM planner gave up; the message is written into the fallback plan's notes. */
export class LlmPlannerError extends Error {
  override name = 'LlmPlannerError'
}

type Message = { role: 'system' | 'user' | 'assistant'; content: string }

/** The chat-completions URL: SVC_LLM_URL as given when it names the route, else base + /chat/completions. */
export function completionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`
}

async function complete(settings: LlmSettings, messages: Message[], signal: AbortSignal): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`
  const response = await fetch(completionsUrl(settings.url), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: settings.model,
      messages,
      temperature: 0,
      stream: false,
      response_format: { type: 'json_object' },
    }),
    signal,
  })
  if (!response.ok)
    throw new LlmPlannerError(
      `the model server answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`,
    )
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> }
  const content = body.choices?.[0]?.message?.content
  if (typeof content !== 'string')
    throw new LlmPlannerError(
      'the model server sent no message content (is it an OpenAI-compatible chat-completions endpoint?)',
    )
  return content
}

/** Reports a step; planning waits for it (the step is stored before the next one starts). */
export type LlmProgress = (stage: string, percent: number, message: string) => void | Promise<void>

/**
 * A plan from the model: one request, and one repair request listing the problems if the
 * first answer is invalid. `signal` cancels (the job was cancelled); the time limit and
 * every failure throw LlmPlannerError.
 */
export async function planWithLlm(
  settings: LlmSettings,
  instruction: string,
  draft: Plan,
  signal: AbortSignal,
  progress: LlmProgress,
): Promise<Plan> {
  const deadline = AbortSignal.timeout(settings.timeoutMs)
  const combined = AbortSignal.any([signal, deadline])
  const messages: Message[] = [
    { role: 'system', content: planSystemPrompt() },
    { role: 'user', content: planUserPrompt(instruction, draft) },
  ]
  try {
    await progress('asking the model', 30, `Asking ${settings.model} for a plan`)
    const first = await complete(settings, messages, combined)
    const firstVerdict = judge(first, instruction)
    if ('plan' in firstVerdict) return firstVerdict.plan
    await progress(
      'repairing',
      60,
      `The model's plan had ${firstVerdict.problems.length} problem(s); asking it to fix them`,
    )
    messages.push(
      { role: 'assistant', content: first },
      { role: 'user', content: planRepairPrompt(firstVerdict.problems) },
    )
    const second = await complete(settings, messages, combined)
    const secondVerdict = judge(second, instruction)
    if ('plan' in secondVerdict) return secondVerdict.plan
    throw new LlmPlannerError(
      `the model's plan was still invalid after one repair (${secondVerdict.problems.length} problem(s), first: ${secondVerdict.problems[0].path || 'plan'}: ${secondVerdict.problems[0].message})`,
    )
  } catch (error) {
    if (signal.aborted) throw error
    if (deadline.aborted)
      throw new LlmPlannerError(`the model did not finish within ${settings.timeoutMs / 1000} s (SVC_LLM_TIMEOUT)`)
    if (error instanceof LlmPlannerError) throw error
    throw new LlmPlannerError(`the model server could not be reached: ${(error as Error).message}`)
  }
}
