import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('The pages of the report, in order', {
  add: lazy(() => import('./add.ts')),
  list: lazy(() => import('./list.ts')),
  update: lazy(() => import('./update.ts')),
  remove: lazy(() => import('./remove.ts')),
})
