import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { getJob } from './_api.ts'
import { jobText } from './_view.ts'

export default defineSvcCommand({
  description: 'Show a planning job: status, stage, progress messages, and its plan once ready',
  example: 'svc-cli smart status --job 0193…',
  effect: 'read',
  args: {
    job: { type: 'string', required: true, description: 'Job id (printed by `smart generate`)', valueHint: 'id' },
  },
  async run(args, env) {
    const job = await getJob(env.client(), args.job)
    return result(job, jobText(job))
  },
})
