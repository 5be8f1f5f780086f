import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Generate a complete assessment app from one instruction: plan, review, edit, build', {
  generate: lazy(() => import('./generate.ts')),
  plan: lazy(() => import('./plan/index.ts')),
  execute: lazy(() => import('./execute.ts')),
  status: lazy(() => import('./status.ts')),
})
