import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appTable, type App } from './_view.ts'

export default defineSvcCommand({
  description: 'List your apps, newest first',
  example: 'svc-cli app list --json',
  effect: 'read',
  async run(_args, env) {
    const data = await env.client().request<{ apps: App[] }>('GET', '/api/v3/apps')
    return result(data, appTable(data.apps))
  },
})
