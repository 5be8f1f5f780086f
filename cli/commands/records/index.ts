import { defineGroup, lazy } from '../../command.ts'

export default defineGroup("Work with one app's records on this machine: save their files", {
  download: lazy(() => import('./download.ts')),
})
