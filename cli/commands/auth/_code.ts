/**
 * @module Where a login code went: an e-mail, or (a server without SMTP) the server's own log,
 * which is what a self-hoster trying svc on a laptop has. `auth code` and the interactive
 * `auth login` say it the same way the admin's login page does.
 */
import type { CommandEnv } from '../../command.ts'
import { CliError } from '../../errors.ts'

/** Whether the server e-mails codes; true when it cannot say (an older server), the usual case. */
async function mailsCodes(env: CommandEnv): Promise<boolean> {
  try {
    return (await env.client().call('auth.options', {}, { auth: false })).smtp
  } catch (error) {
    if (error instanceof CliError) return true
    throw error
  }
}

/** Where a login code goes: an e-mail, or the server's log (no SMTP). */
export type CodeDelivery = 'email' | 'server-log'

/** Asks for a login code for `email` and says where it went; `ifAccount` hedges for an address that may have none. */
export async function requestCode(
  env: CommandEnv,
  email: string,
  ifAccount: boolean,
): Promise<{ text: string; expiresInSeconds: number; delivery: CodeDelivery }> {
  const data = await env.client().call('auth.sendCode', { body: { email } }, { auth: false })
  const valid = `valid ${Math.round(data.expiresInSeconds / 60)} minutes`
  const delivery: CodeDelivery = (await mailsCodes(env)) ? 'email' : 'server-log'
  const text =
    delivery === 'email'
      ? ifAccount
        ? `If ${email} has an account, a code is on its way (${valid}).`
        : `A login code was sent to ${email} (${valid}).`
      : `This server has no SMTP (SVC_SMTP_URL), so no e-mail was sent: ${ifAccount ? `if ${email} has an account, ` : ''}the login code for ${email} is in the server's log (the terminal running svc, or its service's journal), ${valid}.`
  return { text, expiresInSeconds: data.expiresInSeconds, delivery }
}
