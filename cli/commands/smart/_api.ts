/**
 * @module The smart-generation routes as typed calls, shared by the smart commands and the
 * MCP tools svc_generate and svc_execute. Types come from the server's core (type-only
 * imports, so nothing of the server is loaded); bodies are checked with its schemas.
 */
import type { SvcClient } from '../../client.ts'
import { CliError } from '../../errors.ts'
import { checkInput } from '../../validate.ts'
import type { ExecuteResult } from '../../../server/core/smart/execute.ts'
import type { Job, JobStatus } from '../../../server/core/smart/jobs.ts'
import type { Plan, PlanModule } from '../../../server/contract/smart/plan.ts'
import type { PlanSummary, StoredPlan } from '../../../server/core/smart/plans.ts'
import { draftPlanSchema, executePlanSchema, startPlanningSchema, type StartPlanningInput } from '../../../server/contract/smart/schemas.ts'
import type { Problem } from '../../../server/contract/errors.ts'
import { seg } from '../_shared.ts'

export type { ExecuteResult, Job, Plan, PlanModule, PlanSummary, Problem, StoredPlan }

const BASE = '/api/v3/smart'

/** What POST /smart/plans answers: the job, and the plan at once when the planner already finished. */
export interface Started {
  jobId: string
  status: JobStatus
  planId: string | null
}

const FINISHED: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled']

/** True once a job will change no more. */
export const isFinished = (job: Pick<Job, 'status'>) => FINISHED.includes(job.status)

/** Starts planning an instruction; the built-in planner is done when this returns. */
export const startPlanning = (client: SvcClient, input: StartPlanningInput) =>
  client.request<Started>('POST', `${BASE}/plans`, { body: checkInput(startPlanningSchema, input) })

export const getJob = (client: SvcClient, jobId: string) => client.request<Job>('GET', `${BASE}/jobs/${seg(jobId)}`)

export const cancelJob = (client: SvcClient, jobId: string) => client.request<Job>('DELETE', `${BASE}/jobs/${seg(jobId)}`)

export const listPlans = (client: SvcClient) => client.request<{ plans: PlanSummary[] }>('GET', `${BASE}/plans`)

export const getPlan = (client: SvcClient, planId: string) => client.request<StoredPlan>('GET', `${BASE}/plans/${seg(planId)}`)

export const putPlan = (client: SvcClient, planId: string, plan: unknown) => client.request<StoredPlan>('PUT', `${BASE}/plans/${seg(planId)}`, { body: plan })

/** Checks the stored plan, or `plan` (not saved) when given. */
export const validatePlan = (client: SvcClient, planId: string, plan?: unknown) =>
  client.request<{ valid: boolean; problems: Problem[] }>('POST', `${BASE}/plans/${seg(planId)}/validate`, { body: plan === undefined ? {} : { plan } })

/** Runs every module of a stored plan in order, or only `module`. */
export const executePlan = (client: SvcClient, planId: string, module?: PlanModule) =>
  client.request<ExecuteResult>('POST', `${BASE}/plans/${seg(planId)}/execute`, { body: checkInput(executePlanSchema, module ? { module } : {}) })

/** A failed or cancelled job as the error to report. */
export function jobError(job: Job): CliError {
  if (job.status === 'cancelled') return new CliError('cancelled', `Planning job ${job.id} was cancelled; start again with svc-cli smart generate`)
  const error = job.error ?? { type: 'internal', message: 'Planning failed without a reason' }
  return new CliError(error.type, `Planning job ${job.id} failed: ${error.message}`)
}

/** Stores a complete plan written by the caller (a file, an inline document, an agent's model); the server checks it in full. */
export const importPlan = (client: SvcClient, plan: Plan) => client.request<StoredPlan>('POST', `${BASE}/plans/import`, { body: { plan } })

/** The plan made without a model for `instruction` (a named validated instrument, else the built-in planner's), not stored. */
export const draftPlan = (client: SvcClient, instruction: string) =>
  client.request<{ plan: Plan; madeBy: 'builtin' | 'instrument' }>('POST', `${BASE}/drafts`, { body: checkInput(draftPlanSchema, { instruction }) })
