import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup("The expert's advice for each level of a scale", {
  set: lazy(() => import('./set.ts')),
  list: lazy(() => import('./list.ts')),
  remove: lazy(() => import('./remove.ts')),
})
