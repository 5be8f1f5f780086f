import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  'Page styling of the fill-in and report pages: colours, font, logo, layout, button text, CSS',
  {
    get: lazy(() => import('./get.ts')),
    set: lazy(() => import('./set.ts')),
    reset: lazy(() => import('./reset.ts')),
    preview: lazy(() => import('./preview.ts')),
  },
)
