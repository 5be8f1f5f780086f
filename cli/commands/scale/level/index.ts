import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('Score ranges of a scale, each with a label and interpretation', {
  set: lazy(() => import('./set.ts')),
  remove: lazy(() => import('./remove.ts')),
})
