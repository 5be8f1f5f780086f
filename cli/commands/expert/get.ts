import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { expertView } from './_view.ts'

export default defineSvcCommand({
  description: 'Show the expert profile and the commentary per scale level',
  example: 'svc-cli expert get --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const expert = await env.client().call('expert.get', { params: { id: args.app } })
    return result(expert, expertView(expert))
  },
})
