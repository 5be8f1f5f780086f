import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('Review, edit and check the plans smart generation makes', {
  list: lazy(() => import('./list.ts')),
  show: lazy(() => import('./show.ts')),
  edit: lazy(() => import('./edit.ts')),
  validate: lazy(() => import('./validate.ts')),
})
