/**
 * @module The route table's operations: for every name of routes.ts, who may call it, what
 * it takes and what it answers (operation.ts). One module per resource holds its part.
 */
import { appOperations } from './apps.ts'
import { authOperations, tokenOperations } from './auth.ts'
import type { Operation } from './operation.ts'
import { profileOperations } from './profile.ts'
import type { RouteName } from './routes.ts'
import { openapiOperations, skillOperations, systemOperations } from './system.ts'

export const OPERATIONS = {
  ...systemOperations,
  ...openapiOperations,
  ...skillOperations,
  ...authOperations,
  ...tokenOperations,
  ...profileOperations,
  ...appOperations,
} as const satisfies { [N in RouteName]?: Operation }

export type Operations = typeof OPERATIONS
