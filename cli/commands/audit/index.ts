import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Read the audit log: who did what to an app, and what your account did', {
  list: lazy(() => import('./list.ts')),
})
