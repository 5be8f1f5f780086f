import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  'Define the fields of an app (name, type, label, required, options, order) and accept proposed ones',
  {
    add: lazy(() => import('./add.ts')),
    list: lazy(() => import('./list.ts')),
    accept: lazy(() => import('./accept.ts')),
    get: lazy(() => import('./get.ts')),
    update: lazy(() => import('./update.ts')),
    remove: lazy(() => import('./remove.ts')),
    move: lazy(() => import('./move.ts')),
    options: lazy(() => import('./options.ts')),
  },
)
