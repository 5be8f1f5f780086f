import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { checkInput } from '../../validate.ts'
import { CodeRequestInput } from '../../../server/contract/auth/schemas.ts'
import { asProgram } from '../../program.ts'
import { requestCode } from './_code.ts'

export default defineSvcCommand({
  description: 'E-mail a 6-digit login code (then: svc-cli auth login --email … --code …)',
  example: 'svc-cli auth code --email you@example.com',
  effect: 'write',
  args: { email: { type: 'string', description: 'Your account e-mail', required: true, valueHint: 'email' } },
  async run(args, env) {
    const { email } = checkInput(CodeRequestInput, { email: args.email })
    const { text, expiresInSeconds, delivery } = await requestCode(env, email, true)
    const data = { sent: true as const, expiresInSeconds, delivery }
    return result(data, (style) =>
      asProgram(`${text}\nThen run: svc-cli auth login --email ${args.email} --code <code>`, style.program),
    )
  },
})
