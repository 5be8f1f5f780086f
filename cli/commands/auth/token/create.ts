import { defineSvcCommand } from '../../../command.ts'
import { details, result } from '../../../output.ts'
import { checkInput } from '../../../validate.ts'
import { TokenCreateInput } from '../../../../server/contract/auth/schemas.ts'
import { asProgram } from '../../../program.ts'

export default defineSvcCommand({
  description: 'Create an access token (shown once: copy it now)',
  example: 'svc-cli auth token create --name "GitHub Actions"',
  effect: 'write',
  args: { name: { type: 'string', description: 'What the token is for', required: true, valueHint: 'name' } },
  async run(args, env) {
    const data = await env.client().call('tokens.create', { body: checkInput(TokenCreateInput, { name: args.name }) })
    return result(
      data,
      (style) =>
        `${details(style, { id: data.id, name: data.name })}\n\n${data.token}\n\n${asProgram('This is the only time the token is shown. Use it as SVC_TOKEN or with `svc-cli auth login --with-token`.', style.program)}`,
    )
  },
})
