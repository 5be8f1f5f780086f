import { defineGroup, lazy } from '../../command.ts'

export default defineGroup("The expert shown on reports: the author's profile and commentary per scale level", {
  get: lazy(() => import('./get.ts')),
  set: lazy(() => import('./set.ts')),
  comment: lazy(() => import('./comment/index.ts')),
})
