import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('Sections of a report page: intro, score, chart, expert, closing', {
  add: lazy(() => import('./add.ts')),
  remove: lazy(() => import('./remove.ts')),
})
