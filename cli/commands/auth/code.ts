import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { checkInput } from '../../validate.ts'
import { CodeRequestInput } from '../../../server/contract/auth/schemas.ts'
import { asProgram } from '../../program.ts'

export default defineSvcCommand({
  description: 'E-mail a 6-digit login code (then: svc-cli auth login --email … --code …)',
  example: 'svc-cli auth code --email you@example.com',
  effect: 'write',
  args: { email: { type: 'string', description: 'Your account e-mail', required: true, valueHint: 'email' } },
  async run(args, env) {
    const data = await env
      .client()
      .call('auth.sendCode', { body: checkInput(CodeRequestInput, { email: args.email }) }, { auth: false })
    return result(data, (style) =>
      asProgram(
        `If ${args.email} has an account, a code is on its way (valid ${Math.round(data.expiresInSeconds / 60)} minutes).\nThen run: svc-cli auth login --email ${args.email} --code <code>`,
        style.program,
      ),
    )
  },
})
