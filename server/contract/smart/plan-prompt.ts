/**
 * @module What a language model is told when it writes a plan, and how its answer is
 * judged: the plan's JSON Schema, the rules the schema cannot express, the draft to
 * improve, and the repair request listing every problem. Shared by the server's LLM
 * planner (SVC_LLM_URL) and the MCP server, which asks the client's own model through
 * MCP sampling; pure, so the CLI may run it (it is part of the contract).
 */
import { z } from 'zod'
import type { Problem } from '../errors.ts'
import { checkPlan } from './check-plan.ts'
import { planSchema, type Plan } from './plan.ts'

const RULES = `Rules the schema cannot express:
- Field names are unique. Choice fields list their options; other fields have options null.
- Every scale item names a form field of type choice, multichoice or number. A choice item gives "scores" with a number for every option of that field (and nothing else) and min/max null; a number item has scores null and both min and max.
- "reverse": true scores an item as max + min − value (for items worded the other way round).
- method "sum" adds weight × score; "mean" divides that sum by the total weight.
- Levels tile the possible score range of their scale with no gaps or overlaps: sorted by min, the first min is the lowest possible score, each max equals the next level's min, and the last max is the highest possible score. min is inclusive, max exclusive except for the last level.
- Report "score" sections and expert commentary name scales by key and levels by key, and they must exist.
- A plain form (contact, RSVP, registration, sign-up, order, booking, feedback, bug report, job application, a survey that scores nothing) is valid and often right: fields typed for their answers (email, number, longtext, date, boolean, choice or multichoice with options), "scale.scales", "report.pages" and "expert.commentary" empty, "expert.profile" {}. Keep a plain draft plain unless the instruction asks for scores, levels or a report; keep an assessment draft an assessment.
- Write every text in the plan's language ("en" English, "zh" Simplified Chinese).
- "notes" lists, one sentence each, the defaults you chose and why.`

/** The system prompt: the task, the plan's JSON Schema and the rules between sections. */
export function planSystemPrompt(): string {
  const schema = z.toJSONSchema(planSchema, { unrepresentable: 'any', io: 'input' })
  return `You design apps for the svc service: plain forms that collect answers (fields only) and scored assessments (form, scoring scales with levels, report, expert commentary), both with page styling.
Answer with one JSON object only, no prose: a plan matching this JSON Schema.
${JSON.stringify(schema)}
${RULES}`
}

/** The first request: the instruction and the draft to improve. */
export function planUserPrompt(instruction: string, draft: Plan): string {
  const kind =
    draft.scale.scales.length === 0
      ? 'It is a plain form (fields only): improve the fields (names, labels, types, options, required), not scores'
      : 'Improve it so it fits the instruction better (wording, dimensions, number of questions, levels, styling)'
  return `Instruction:\n${instruction}\n\nA rule-based planner made this draft. ${kind}; keep it valid, and answer with the whole plan:\n${JSON.stringify(draft)}`
}

/** The repair request after an invalid answer, listing every problem. */
export function planRepairPrompt(problems: readonly Problem[]): string {
  const list = problems.map((p) => `- ${p.path || '(plan)'}: ${p.message}`).join('\n')
  return `The plan is invalid:\n${list}\nFix every problem and answer with the whole corrected plan as JSON.`
}

/** The JSON object in a model's answer, tolerating a Markdown code fence around it. */
function parseAnswer(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content)
  return JSON.parse(fenced ? fenced[1] : content)
}

/** Problems with a model's answer, or the plan it holds. The instruction is ours, not the model's to rewrite. */
export function judgePlanAnswer(content: string, instruction: string): { plan: Plan } | { problems: Problem[] } {
  let value: unknown
  try {
    value = parseAnswer(content)
  } catch {
    return { problems: [{ path: '', message: 'the answer is not valid JSON: answer with one JSON object only' }] }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) value = { ...value, instruction }
  const checked = checkPlan(value)
  return checked.plan ? { plan: checked.plan } : { problems: checked.problems }
}
