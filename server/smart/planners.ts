/**
 * @module The planners behind one call. First the instrument library: an instruction that
 * names or clearly means a validated instrument (PHQ-9, SUS…) gets it verbatim, whichever
 * planner was asked for, because a model must not reword published items. Otherwise the
 * built-in planner, and the LLM planner when the server is configured for one (it falls
 * back to the built-in plan with a note saying why whenever the model fails or is too slow).
 */
import type { Config } from '../config.ts'
import { AppError } from '../contract/errors.ts'
import { planWithBuiltin } from './builtin-planner.ts'
import { LlmPlannerError, planWithLlm, type LlmProgress } from './llm-planner.ts'
import { instrumentPlan } from './catalog/instruments/instrument-plan.ts'
import { matchInstruments } from './catalog/instruments/match.ts'
import type { Plan } from '../contract/smart/plan.ts'
import { draftPlanSchema, type DraftPlanInput, type PlanAuthor, type PlannerName } from '../contract/smart/schemas.ts'
import { parseInput } from '../contract/apps/input.ts'

/**
 * The plan made without any model, in milliseconds: from the instruments the instruction
 * names, else the built-in planner's. A plain form (a plan without scales) takes an
 * instrument only when it is named: "a registration form for our depression support group"
 * is a registration form.
 */
export function draftPlan(instruction: string): { plan: Plan; madeBy: 'builtin' | 'instrument' } {
  const builtin = planWithBuiltin(instruction)
  const plain = builtin.scale.scales.length === 0
  const matches = matchInstruments(instruction).filter((match) => !plain || match.how === 'names')
  return matches.length
    ? { plan: instrumentPlan(matches, instruction, builtin), madeBy: 'instrument' }
    : { plan: builtin, madeBy: 'builtin' }
}

/** What a plan holds, for progress messages: "6 questions, 2 dimension(s)", or "a plain form with 3 fields". */
export function planSize(plan: Plan): string {
  const fields = plan.form.fields.length
  return plan.scale.scales.length === 0
    ? `a plain form with ${fields} field${fields === 1 ? '' : 's'}`
    : `${fields} questions, ${plan.scale.scales.length} dimension(s)`
}

/** `draftPlan` for an HTTP/CLI input (not stored: a model improves it, then the caller saves the result). */
export function draftFor(input: DraftPlanInput): { plan: Plan; madeBy: 'builtin' | 'instrument' } {
  return draftPlan(parseInput(draftPlanSchema, input).instruction)
}

/** The planner to use: the one asked for, else the LLM planner when configured, else the built-in one. */
export function choosePlanner(config: Config, wanted: PlannerName | undefined): PlannerName {
  const configured = config.llmUrl !== null && config.llmModel !== null
  if (wanted === 'llm' && !configured) {
    throw new AppError(
      'validation',
      'The LLM planner is not configured on this server: set SVC_LLM_URL and SVC_LLM_MODEL, or use planner "builtin"',
      {
        problems: [{ path: 'planner', message: 'the LLM planner is not configured (SVC_LLM_URL, SVC_LLM_MODEL)' }],
      },
    )
  }
  return wanted ?? (configured ? 'llm' : 'builtin')
}

/** Runs planner `name` for `instruction`, reporting progress; `signal` cancels. `madeBy` says which planner's plan it is. */
export async function runPlanner(
  config: Config,
  name: PlannerName,
  instruction: string,
  signal: AbortSignal,
  progress: LlmProgress,
): Promise<{ plan: Plan; madeBy: PlanAuthor }> {
  await progress('analysing', 10, 'Reading the instruction')
  const { plan: draft, madeBy } = draftPlan(instruction)
  if (madeBy === 'instrument') {
    await progress(
      'planning',
      80,
      `Validated instrument: ${draft.app.name}, ${draft.form.fields.length} published questions`,
    )
    const skipped =
      name === 'llm'
        ? [
            `The LLM planner was not asked: the instruction names a validated instrument, whose published items and scoring must stay verbatim.`,
          ]
        : []
    return { plan: { ...draft, notes: [...draft.notes, ...skipped] }, madeBy }
  }
  if (name === 'builtin') {
    await progress('planning', 80, `Built-in plan: ${planSize(draft)}`)
    return { plan: draft, madeBy: 'builtin' }
  }
  const settings = {
    url: config.llmUrl!,
    model: config.llmModel ?? 'not configured',
    apiKey: config.llmApiKey,
    timeoutMs: config.llmTimeoutMs,
  }
  try {
    // A job taken over by a process whose configuration lacks the model plans without it.
    if (config.llmUrl === null || config.llmModel === null)
      throw new LlmPlannerError('the server process that took the job over has no SVC_LLM_URL and SVC_LLM_MODEL')
    const plan = await planWithLlm(settings, instruction, draft, signal, progress)
    return {
      plan: {
        ...plan,
        notes: [
          `Planned by the LLM planner (${settings.model}), starting from the built-in planner's draft.`,
          ...plan.notes,
        ],
      },
      madeBy: 'llm',
    }
  } catch (error) {
    if (!(error instanceof LlmPlannerError)) throw error
    await progress('falling back', 80, `LLM planner failed (${error.message}); using the built-in plan`)
    return {
      plan: {
        ...draft,
        notes: [
          `The LLM planner (${settings.model}) failed: ${error.message}. This plan is the built-in planner's instead.`,
          ...draft.notes,
        ],
      },
      madeBy: 'builtin',
    }
  }
}
