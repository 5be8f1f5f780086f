import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Create and manage apps (a form plus its collection endpoint)', {
  create: lazy(() => import('./create.ts')),
  list: lazy(() => import('./list.ts')),
  get: lazy(() => import('./get.ts')),
  update: lazy(() => import('./update.ts')),
  delete: lazy(() => import('./delete.ts')),
  urls: lazy(() => import('./urls.ts')),
  member: lazy(() => import('./member/index.ts')),
})
