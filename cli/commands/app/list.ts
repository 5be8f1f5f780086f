import { defineSvcCommand } from '../../command.ts'
import { listing, listResult } from '../../listing.ts'
import { pageArgs, quietArg } from '../_shared.ts'
import { appTable, type App } from './_view.ts'

export default defineSvcCommand({
  description: 'List your apps, newest first',
  example: 'svc-cli app list -q | xargs -n1 svc-cli share status --json --app',
  effect: 'read',
  args: { ...pageArgs, ...quietArg },
  async run(args, env) {
    const asked = listing(args)
    const data = await env.client().request<{ apps: App[] }>('GET', '/api/v3/apps')
    return listResult(env, asked, data.apps, { key: 'apps', id: (a) => a.id, human: (apps) => appTable(apps) })
  },
})
