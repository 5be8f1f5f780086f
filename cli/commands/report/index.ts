import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Report pages respondents see after submitting: pages, sections and a preview', {
  get: lazy(() => import('./get.ts')),
  page: lazy(() => import('./page/index.ts')),
  section: lazy(() => import('./section/index.ts')),
  preview: lazy(() => import('./preview.ts')),
})
