/**
 * @module The system operations: health, this document, the skill documents.
 */
import { z } from 'zod'
import { SKILL_MODULES } from '../skills/modules.ts'
import { content, data, json, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'

export const healthSchema = named('Health', () =>
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    backup: z
      .object({
        newestAt: z.string().nullable().meta({ description: 'When the newest backup was made; null before the first' }),
        ageSeconds: z.number().int().nullable(),
      })
      .optional()
      .meta({ description: 'The newest scheduled backup, when SVC_BACKUP_EVERY schedules them' }),
  }),
)

export const readySchema = named('Ready', () => z.object({ status: z.literal('ready'), version: z.string() }))

const tags = ['system']

export const systemOperations = lazyAnswers({
  'health.get': {
    summary: 'Health check',
    description:
      '200 while the server can take records; 503 storage_unavailable (details: status "degraded", reason, since) while the database cannot write.',
    tags,
    access: 'public',
    answers: () => ({ 200: data(healthSchema(), 'Up, with the running version') }),
    errors: [],
  },
} as const) satisfies OperationsOf<'health'>

export const readyOperations = lazyAnswers({
  'ready.get': {
    summary: 'Readiness: whether to send this process requests',
    description:
      'What load balancers and Kubernetes readiness probes ask. 200 once the database is open and migrated and it can write; ' +
      '503 not_ready (details.reason: "starting" while it opens and migrates, "draining" from SIGTERM until it stops, ' +
      '"degraded" while the database cannot write) with Retry-After. /api/v3/health stays the liveness check.',
    tags,
    access: 'public',
    answers: () => ({ 200: data(readySchema(), 'Ready, with the running version') }),
    errors: ['not_ready'],
  },
} as const) satisfies OperationsOf<'ready'>

export const metricsOperations = lazyAnswers({
  'metrics.get': {
    summary: 'Metrics in the Prometheus text format',
    description:
      'For a Prometheus scrape: requests by operation and status with a latency histogram, records stored and refused by reason, ' +
      'open streams, e-mails and webhook attempts, whether the database takes writes, its size and the free disk, and the process ' +
      '(memory, CPU, event-loop delay). Needs Authorization: Bearer <SVC_METRICS_TOKEN>; answers 404 when that is unset. ' +
      'SVC_METRICS_ADDR serves the same on a listener of its own without a token. No per-app or per-user labels.',
    tags,
    access: 'public',
    answers: () => ({ 200: content('text/plain', 'The metrics (text format 0.0.4)') }),
    errors: ['unauthorized', 'not_found'],
  },
} as const) satisfies OperationsOf<'metrics'>

export const openapiOperations = lazyAnswers({
  'openapi.get': {
    summary: 'This OpenAPI document',
    tags,
    access: 'public',
    answers: () => ({ 200: json(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 document') }),
    errors: [],
  },
} as const) satisfies OperationsOf<'openapi'>

export const skillOperations = lazyAnswers({
  'skills.get': {
    summary: 'The skill document of a module (Markdown)',
    description: `The modules: ${SKILL_MODULES.join(', ')}. An unknown one is a 404 listing them.`,
    tags,
    access: 'public',
    answers: () => ({ 200: content('text/markdown', 'The document') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'skills'>
