import { defineGroup, lazy } from '../../command.ts'

export default defineGroup(
  "Work with records: save one's files on this machine; find or erase one person's records across your apps",
  {
    download: lazy(() => import('./download.ts')),
    find: lazy(() => import('./find.ts')),
    erase: lazy(() => import('./erase.ts')),
  },
)
