import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  'Generate an app from one instruction (a plain form or a scored assessment): plan, review, edit, build',
  {
    generate: lazy(() => import('./generate.ts')),
    plan: lazy(() => import('./plan/index.ts')),
    execute: lazy(() => import('./execute.ts')),
    status: lazy(() => import('./status.ts')),
  },
)
