import { defineSvcCommand } from '../../command.ts'
import { listing, listResult } from '../../listing.ts'
import { pageArgs, quietArg } from '../_shared.ts'
import { appTable, type App } from './_view.ts'
import { LIMITS } from '../../../server/contract/limits.ts'

export default defineSvcCommand({
  description: 'List your apps, newest first',
  example: 'svc-cli app list -q | xargs -n1 svc-cli share status --json --app',
  effect: 'read',
  args: { ...pageArgs, ...quietArg },
  async run(args, env) {
    const asked = listing(args)
    const apps: App[] = []
    // The API gives the list a page at a time: follow the cursor to the end, then page as every list command does.
    let cursor: string | undefined
    do {
      const page = await env.client().call('apps.list', { query: { limit: LIMITS.maxAppsPageSize, cursor } })
      apps.push(...page.apps)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    return listResult(env, asked, apps, { key: 'apps', id: (a) => a.id, human: (list) => appTable(list) })
  },
})
