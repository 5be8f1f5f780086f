/**
 * @module The smart-generation operations (`smart.*`, `plans.*` of the route table) as
 * calls, shared by the smart commands and the MCP tools svc_generate and svc_execute.
 * Paths and answer types come from the contract (type-only imports, so nothing of the
 * server is loaded); bodies are checked with its input schemas.
 */
import type { SvcClient } from '../../client.ts'
import { CliError } from '../../errors.ts'
import { checkInput } from '../../validate.ts'
import type { InputOf } from '../../../server/contract/api/request.ts'
import type { ExecuteResult, Job, PlanSummary, StoredPlan } from '../../../server/contract/api/smart.ts'
import type { Plan, PlanModule } from '../../../server/contract/smart/plan.ts'
import {
  draftPlanSchema,
  executePlanSchema,
  startPlanningSchema,
  type JobStatus,
  type StartPlanningInput,
} from '../../../server/contract/smart/schemas.ts'
import type { Problem } from '../../../server/contract/errors.ts'

export type { ExecuteResult, Job, Plan, PlanModule, PlanSummary, Problem, StoredPlan }

const FINISHED: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled']

/** True once a job will change no more. */
export const isFinished = (job: Pick<Job, 'status'>) => FINISHED.includes(job.status)

/** Starts planning an instruction; the built-in planner is done when this returns. */
export const startPlanning = (client: SvcClient, input: StartPlanningInput) =>
  client.call('plans.create', { body: checkInput(startPlanningSchema, input) })

export const getJob = (client: SvcClient, jobId: string) => client.call('smart.job', { params: { id: jobId } })

export const cancelJob = (client: SvcClient, jobId: string) => client.call('smart.cancelJob', { params: { id: jobId } })

export const listPlans = (client: SvcClient) => client.call('plans.list', {})

export const getPlan = (client: SvcClient, planId: string) => client.call('plans.get', { params: { id: planId } })

/** Replaces a stored plan's document with `plan` as read (a file, an edit): the server checks it in full and lists every problem. */
export const putPlan = (client: SvcClient, planId: string, plan: unknown) =>
  client.call('plans.replace', { params: { id: planId }, body: plan as InputOf<'plans.replace'>['body'] })

/** Checks the stored plan, or `plan` (not saved) when given. */
export const validatePlan = (client: SvcClient, planId: string, plan?: unknown) =>
  client.call('plans.validate', { params: { id: planId }, body: plan === undefined ? {} : { plan } })

/** Runs every module of a stored plan in order, or only `module`. */
export const executePlan = (client: SvcClient, planId: string, module?: PlanModule) =>
  client.call('plans.execute', {
    params: { id: planId },
    body: checkInput(executePlanSchema, module ? { module } : {}),
  })

/** A failed or cancelled job as the error to report. */
export function jobError(job: Job): CliError {
  if (job.status === 'cancelled')
    return new CliError('cancelled', `Planning job ${job.id} was cancelled; start again with svc-cli smart generate`)
  const error = job.error ?? { type: 'internal', message: 'Planning failed without a reason' }
  return new CliError(error.type, `Planning job ${job.id} failed: ${error.message}`)
}

/** Stores a complete plan written by the caller (a file, an inline document, an agent's model); the server checks it in full. */
export const importPlan = (client: SvcClient, plan: Plan) => client.call('plans.import', { body: { plan } })

/** The plan made without a model for `instruction` (a named validated instrument, else the built-in planner's), not stored. */
export const draftPlan = (client: SvcClient, instruction: string) =>
  client.call('smart.draft', { body: checkInput(draftPlanSchema, { instruction }) })
