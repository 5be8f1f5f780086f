import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup("Send an app's events to other systems as signed webhooks (Standard Webhooks)", {
  add: lazy(() => import('./add.ts')),
  list: lazy(() => import('./list.ts')),
  update: lazy(() => import('./update.ts')),
  remove: lazy(() => import('./remove.ts')),
  test: lazy(() => import('./test.ts')),
  deliveries: lazy(() => import('./deliveries.ts')),
  retry: lazy(() => import('./retry.ts')),
})
