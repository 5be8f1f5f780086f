/**
 * @module The route table's operations: for every name of routes.ts, who may call it, what
 * it takes and what it answers (operation.ts). One module per resource holds its part.
 */
import { appOperations } from './apps.ts'
import { ingestOperations, readOperations } from './ingest.ts'
import type { Operation } from './operation.ts'
import { pageOperations } from './pages.ts'
import { recordOperations } from './records.ts'
import type { RouteName } from './routes.ts'
import { openapiOperations, skillOperations, systemOperations } from './system.ts'

export const OPERATIONS = {
  ...systemOperations,
  ...openapiOperations,
  ...skillOperations,
  ...appOperations,
  ...recordOperations,
  ...ingestOperations,
  ...readOperations,
  ...pageOperations,
} as const satisfies { [N in RouteName]?: Operation }

export type Operations = typeof OPERATIONS
