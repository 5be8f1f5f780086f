import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { listPlans } from '../_api.ts'
import { plansTable } from '../_view.ts'

export default defineSvcCommand({
  description: 'List your plans, newest first, with the app each one built',
  example: 'svc-cli smart plan list',
  effect: 'read',
  async run(_args, env) {
    const data = await listPlans(env.client())
    return result(data, plansTable(data.plans))
  },
})
