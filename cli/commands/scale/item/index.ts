import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('The fields a scale scores (score per option, weight, reverse)', {
  add: lazy(() => import('./add.ts')),
  remove: lazy(() => import('./remove.ts')),
})
