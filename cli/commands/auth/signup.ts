import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { defaultTokenName, finishLogin, loginHuman, passwordFromStdin } from './_session.ts'

export default defineSvcCommand({
  description: 'Create an account (the first one on a new server becomes the owner) and log in',
  example: 'svc-cli auth signup --email you@example.com --password-stdin < password.txt     # on a terminal: asked for',
  effect: 'write',
  args: {
    email: { type: 'string', description: 'Account e-mail', valueHint: 'email' },
    name: { type: 'string', description: 'Display name', valueHint: 'name' },
    'password-stdin': {
      type: 'boolean',
      description: 'Read a password from stdin (without one, log in by e-mail code); never pass it as an argument',
    },
    'token-name': {
      type: 'string',
      description: 'Name of the access token created for this machine (default "svc-cli on <hostname>")',
      valueHint: 'name',
    },
  },
  async run(args, env) {
    const email = args.email?.trim() || (await env.prompt('E-mail: ', '--email'))
    let password: string | undefined
    if (args['password-stdin']) {
      password = await passwordFromStdin(env, 'svc-cli auth signup --email … --password-stdin < password.txt')
    } else if (env.interactive) {
      password = (await env.prompt('Password (empty: log in by e-mail code): ', '--password-stdin', true)) || undefined
    }
    const connection = env.connection()
    const reply = await env
      .client()
      .call(
        'auth.signup',
        { body: { email, password, name: args.name, tokenName: args['token-name']?.trim() || defaultTokenName() } },
        { auth: false },
      )
    const data = await finishLogin(env, connection.server, reply)
    return result(data, loginHuman(data))
  },
})
