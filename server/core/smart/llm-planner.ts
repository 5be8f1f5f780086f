/**
 * @module The LLM planner: asks an OpenAI-compatible chat-completions server (Ollama,
 * llama.cpp, vLLM, OpenAI…) for the plan as JSON. The request carries the plan's JSON
 * Schema, the rules the schema cannot express, and the built-in planner's draft to
 * improve (small local models do far better editing a valid plan than writing one from
 * nothing). An invalid answer is sent back once with every problem listed; a second
 * failure, a network error or the time limit throws LlmPlannerError, and the caller falls
 * back to the built-in planner.
 */
import { z } from 'zod'
import type { Problem } from '../errors.ts'
import { checkPlan } from './check-plan.ts'
import { planSchema, type Plan } from './plan.ts'

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

const RULES = `Rules the schema cannot express:
- Field names are unique. Choice fields list their options; other fields have options null.
- Every scale item names a form field of type choice, multichoice or number. A choice item gives "scores" with a number for every option of that field (and nothing else) and min/max null; a number item has scores null and both min and max.
- "reverse": true scores an item as max + min − value (for items worded the other way round).
- method "sum" adds weight × score; "mean" divides that sum by the total weight.
- Levels tile the possible score range of their scale with no gaps or overlaps: sorted by min, the first min is the lowest possible score, each max equals the next level's min, and the last max is the highest possible score. min is inclusive, max exclusive except for the last level.
- Report "score" sections and expert commentary name scales by key and levels by key, and they must exist.
- Write every text in the plan's language ("en" English, "zh" Simplified Chinese).
- "notes" lists, one sentence each, the defaults you chose and why.`

function systemPrompt(): string {
  const schema = z.toJSONSchema(planSchema, { unrepresentable: 'any', io: 'input' })
  return `You design assessment apps (form, scoring scales with levels, report, expert commentary, page styling) for the svc service.
Answer with one JSON object only, no prose: a plan matching this JSON Schema.
${JSON.stringify(schema)}
${RULES}`
}

function userPrompt(instruction: string, draft: Plan): string {
  return `Instruction:\n${instruction}\n\nA rule-based planner made this draft. Improve it so it fits the instruction better (wording, dimensions, number of questions, levels, styling), keep it valid, and answer with the whole plan:\n${JSON.stringify(draft)}`
}

/** The JSON object in a model's answer, tolerating a Markdown code fence around it. */
function parseAnswer(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content)
  return JSON.parse(fenced ? fenced[1] : content)
}

async function complete(settings: LlmSettings, messages: Message[], signal: AbortSignal): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`
  const response = await fetch(completionsUrl(settings.url), {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: settings.model, messages, temperature: 0, stream: false, response_format: { type: 'json_object' } }),
    signal,
  })
  if (!response.ok) throw new LlmPlannerError(`the model server answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`)
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> }
  const content = body.choices?.[0]?.message?.content
  if (typeof content !== 'string') throw new LlmPlannerError('the model server sent no message content (is it an OpenAI-compatible chat-completions endpoint?)')
  return content
}

/** Problems with a model's answer, or the plan it holds. */
function judge(content: string, instruction: string): { plan: Plan } | { problems: Problem[] } {
  let value: unknown
  try {
    value = parseAnswer(content)
  } catch {
    return { problems: [{ path: '', message: 'the answer is not valid JSON: answer with one JSON object only' }] }
  }
  // The instruction is ours, not the model's to rewrite.
  if (value && typeof value === 'object' && !Array.isArray(value)) value = { ...value, instruction }
  const checked = checkPlan(value)
  return checked.plan ? { plan: checked.plan } : { problems: checked.problems }
}

/** Reports a step; planning waits for it (the step is stored before the next one starts). */
export interface LlmProgress {
  (stage: string, percent: number, message: string): void | Promise<void>
}

/**
 * A plan from the model: one request, and one repair request listing the problems if the
 * first answer is invalid. `signal` cancels (the job was cancelled); the time limit and
 * every failure throw LlmPlannerError.
 */
export async function planWithLlm(settings: LlmSettings, instruction: string, draft: Plan, signal: AbortSignal, progress: LlmProgress): Promise<Plan> {
  const deadline = AbortSignal.timeout(settings.timeoutMs)
  const combined = AbortSignal.any([signal, deadline])
  const messages: Message[] = [
    { role: 'system', content: systemPrompt() },
    { role: 'user', content: userPrompt(instruction, draft) },
  ]
  try {
    await progress('asking the model', 30, `Asking ${settings.model} for a plan`)
    const first = await complete(settings, messages, combined)
    const firstVerdict = judge(first, instruction)
    if ('plan' in firstVerdict) return firstVerdict.plan
    const list = firstVerdict.problems.map((p) => `- ${p.path || '(plan)'}: ${p.message}`).join('\n')
    await progress('repairing', 60, `The model's plan had ${firstVerdict.problems.length} problem(s); asking it to fix them`)
    messages.push({ role: 'assistant', content: first }, { role: 'user', content: `The plan is invalid:\n${list}\nFix every problem and answer with the whole corrected plan as JSON.` })
    const second = await complete(settings, messages, combined)
    const secondVerdict = judge(second, instruction)
    if ('plan' in secondVerdict) return secondVerdict.plan
    throw new LlmPlannerError(`the model's plan was still invalid after one repair (${secondVerdict.problems.length} problem(s), first: ${secondVerdict.problems[0].path || 'plan'}: ${secondVerdict.problems[0].message})`)
  } catch (error) {
    if (signal.aborted) throw error
    if (deadline.aborted) throw new LlmPlannerError(`the model did not finish within ${settings.timeoutMs / 1000} s (SVC_LLM_TIMEOUT)`)
    if (error instanceof LlmPlannerError) throw error
    throw new LlmPlannerError(`the model server could not be reached: ${(error as Error).message}`)
  }
}
