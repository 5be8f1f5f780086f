import { defineSvcCommand } from '../../command.ts'
import { readConfig, updateConfig } from '../../config.ts'
import { CliError, EXIT } from '../../errors.ts'
import { result } from '../../output.ts'
import type { TokenInfo } from './_session.ts'

/** How the stored token ended: revoked now, already dead on the server, or left alive (`--no-revoke`). */
type TokenOutcome = 'revoked' | 'already invalid' | 'kept'

export default defineSvcCommand({
  description: 'Revoke the stored token on the server and forget it here (--no-revoke: only forget it)',
  example: 'svc-cli auth logout',
  effect: 'destructive',
  args: {
    revoke: {
      type: 'boolean',
      default: true,
      description: 'Revoke the token on the server (the default)',
      negativeDescription: 'Only forget the token here; it keeps working on the server',
    },
  },
  async run(args, env) {
    const connection = env.connection()
    const entry = readConfig(env.io.env).servers[connection.server]
    const shadowed =
      connection.tokenSource === 'env'
        ? ' SVC_TOKEN is set in the environment and is still used: unset it to log out completely.'
        : ''
    if (!entry) {
      const data = { server: connection.server, loggedOut: false, revoked: false }
      return result(data, () => `No stored token for ${connection.server}; nothing to do.${shadowed}`)
    }
    let outcome: TokenOutcome = 'kept'
    let revoked: TokenInfo | undefined
    let failure: CliError | undefined
    if (args.revoke !== false) {
      try {
        revoked = (await env.client().call('auth.logout', {}, { token: entry.token })).revoked
        outcome = 'revoked'
      } catch (error) {
        if (!(error instanceof CliError)) throw error
        if (error.exitCode === EXIT.auth) outcome = 'already invalid'
        else failure = error
      }
    }
    // Forgotten here whatever the server said: a logout must not leave this machine logged in.
    updateConfig(env.io.env, (config) => {
      delete config.servers[connection.server]
      if (config.current === connection.server) delete config.current
    })
    const prefix = entry.token.slice(0, 14)
    if (failure) {
      throw new CliError(
        failure.type,
        `Logged out of ${connection.server} on this machine, but the token (${prefix}…) could not be revoked on the server: ${failure.message} ` +
          'It still works until it is revoked: revoke it with `svc-cli auth token revoke <id>` (see `svc-cli auth token list`) from another login, or in the admin page (Account → Access Tokens).',
        EXIT.error,
        { server: connection.server, loggedOut: true, revoked: false, prefix },
      )
    }
    const data = {
      server: connection.server,
      loggedOut: true,
      revoked: outcome === 'revoked',
      ...(revoked ? { token: revoked } : {}),
      ...(outcome === 'already invalid' ? { alreadyInvalid: true } : {}),
    }
    const how = {
      revoked: ` and revoked the token (${prefix}…) on the server`,
      'already invalid': `; the token (${prefix}…) was already invalid on the server`,
      kept: `; the token (${prefix}…) was not revoked and still works (--no-revoke)`,
    }[outcome]
    return result(data, () => `Logged out of ${connection.server}${how}.${shadowed}`)
  },
})
