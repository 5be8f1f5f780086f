import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { levelRefArgs } from '../_view.ts'

export default defineSvcCommand({
  description: "Remove the expert's comment for one level of a scale",
  example: 'svc-cli expert comment remove --app 0193… --scale mood --level low --yes',
  effect: 'destructive',
  args: { ...appArg, ...levelRefArgs, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove the expert comment for ${args.scale} / ${args.level}?`, args.yes)
    const data = await env
      .client()
      .call('expert.removeComment', { params: { id: args.app, scale: args.scale, level: args.level } })
    return result(data, () => `Removed the expert comment for ${data.scale} / ${data.level}.`)
  },
})
