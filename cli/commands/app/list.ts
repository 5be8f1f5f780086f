import { defineSvcCommand } from '../../command.ts'
import { listing, listResult } from '../../listing.ts'
import { pageArgs, quietArg } from '../_shared.ts'
import { appTable } from './_view.ts'
import { allApps } from '../../app-ref.ts'

export default defineSvcCommand({
  description: 'List your apps, newest first',
  example: 'svc-cli app list -q | xargs -n1 svc-cli share status --json --app',
  effect: 'read',
  args: { ...pageArgs, ...quietArg },
  async run(args, env) {
    const asked = listing(args)
    // The API gives the list a page at a time: every page, then paged as every list command does.
    const apps = await allApps(env.client())
    return listResult(env, asked, apps, { key: 'apps', id: (a) => a.id, human: (list) => appTable(list) })
  },
})
