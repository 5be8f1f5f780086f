import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  'Scoring dimensions of an assessment app: items (scored fields), levels (score ranges) and rescoring',
  {
    add: lazy(() => import('./add.ts')),
    list: lazy(() => import('./list.ts')),
    get: lazy(() => import('./get.ts')),
    update: lazy(() => import('./update.ts')),
    remove: lazy(() => import('./remove.ts')),
    item: lazy(() => import('./item/index.ts')),
    level: lazy(() => import('./level/index.ts')),
    rescore: lazy(() => import('./rescore.ts')),
  },
)
