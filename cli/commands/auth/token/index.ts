import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup('Manage access tokens for scripts, CI and MCP clients', {
  create: lazy(() => import('./create.ts')),
  list: lazy(() => import('./list.ts')),
  revoke: lazy(() => import('./revoke.ts')),
})
