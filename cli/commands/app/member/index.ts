import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('Work on an app together: invite people with a role, change it, remove them', {
  add: lazy(() => import('./add.ts')),
  list: lazy(() => import('./list.ts')),
  update: lazy(() => import('./update.ts')),
  remove: lazy(() => import('./remove.ts')),
  leave: lazy(() => import('./leave.ts')),
  accept: lazy(() => import('./accept.ts')),
})
