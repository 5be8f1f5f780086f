import { defineSvcCommand } from '../../command.ts'
import { updateConfig } from '../../config.ts'
import { result } from '../../output.ts'
import { yesArg } from '../_shared.ts'
import { proofArgs, proofFor } from '../../proof.ts'

export default defineSvcCommand({
  description:
    'Delete your account with its apps, records, access tokens and sessions (cannot be undone); needs your password',
  example: 'svc-cli profile delete     # off a terminal: svc-cli profile delete --password-stdin --yes < password.txt',
  effect: 'destructive',
  args: { ...proofArgs, ...yesArg },
  async run(args, env) {
    const connection = env.connection()
    const client = env.client()
    const me = await client.call('profile.get', {})
    await env.confirm(`Delete the account ${me.email} for good, with every app, record and access token?`, args.yes)
    const passwordLine = args['password-stdin'] ? (await env.io.stdin.read()).split(/\r?\n/)[0] : undefined
    const proof = await proofFor(env, me, { code: args.code, passwordLine })
    // The API asks for the address again, as the admin's dialog does: the confirmation above is that.
    await client.call('profile.delete', { body: { confirm: me.email, ...proof } })
    // Its tokens died with it: a stored login for this server would only answer 401 from now on.
    let forgotten = false
    updateConfig(env.io.env, (config) => {
      if (!config.servers[connection.server]) return
      delete config.servers[connection.server]
      if (config.current === connection.server) delete config.current
      forgotten = true
    })
    const data = { deleted: true as const, email: me.email, server: connection.server, loggedOut: forgotten }
    return result(
      data,
      () =>
        `Deleted the account ${me.email} on ${connection.server} with its apps, records and access tokens.${forgotten ? ' Its stored login here is forgotten.' : ''}`,
    )
  },
})
