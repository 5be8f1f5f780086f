import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  "Publish an app's endpoint, change its settings, read or send records, and send its events to other systems (webhooks)",
  {
    publish: lazy(() => import('./publish.ts')),
    unpublish: lazy(() => import('./unpublish.ts')),
    status: lazy(() => import('./status.ts')),
    rotate: lazy(() => import('./rotate.ts')),
    set: lazy(() => import('./set.ts')),
    url: lazy(() => import('./url.ts')),
    query: lazy(() => import('./query.ts')),
    get: lazy(() => import('./get.ts')),
    edit: lazy(() => import('./edit.ts')),
    tail: lazy(() => import('./tail.ts')),
    summary: lazy(() => import('./summary.ts')),
    export: lazy(() => import('./export.ts')),
    spam: lazy(() => import('./spam.ts')),
    post: lazy(() => import('./post.ts')),
    webhook: lazy(() => import('./webhook/index.ts')),
    sender: lazy(() => import('./sender/index.ts')),
    notifications: lazy(() => import('./notifications.ts')),
  },
)
