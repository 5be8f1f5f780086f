/**
 * @module auth_email_code: two-step login by e-mail code — call with `email` to send a
 * code, then with `email` + `code` to log in (the token is stored like `svc-cli auth login`).
 */
import type { CommandDef } from 'citty'
import { z } from 'zod'
import { Email } from '../../../server/contract/auth/schemas.ts'
import { AUTH } from '../../../server/contract/limits.ts'
import { runInProcess } from '../exec.ts'
import { fail, ok } from '../results.ts'
import type { ToolModule } from './tool.ts'

/** The tool, running the auth commands of `root` in-process. */
export const authEmailCode = (root: CommandDef): ToolModule => ({
  name: 'auth_email_code',
  config: {
    title: 'Log in with an e-mail code',
    description: `Log in with a code by e-mail, in two calls. 1) \`email\` only: svc e-mails a ${AUTH.codeDigits}-digit code (valid ${AUTH.codeTtlMs / 60000} minutes, ${AUTH.codeMaxAttempts} tries). 2) Ask the user for it and call with \`email\` and \`code\`: logs in and stores the token.`,
    inputSchema: {
      email: Email.describe('Account e-mail'),
      code: z
        .string()
        .regex(new RegExp(`^\\d{${AUTH.codeDigits}}$`), `${AUTH.codeDigits} digits`)
        .optional()
        .describe('The code from the e-mail (step 2)'),
    },
    annotations: {
      title: 'Log in with an e-mail code',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
  async handler(env, input: { email: string; code?: string }) {
    const argv =
      input.code === undefined
        ? ['auth', 'code', '--email', input.email]
        : ['auth', 'login', '--email', input.email, '--code', input.code]
    const { outcome } = await runInProcess(root, env, argv)
    if (outcome.error) return fail(outcome.error)
    if (input.code === undefined) {
      const { delivery } = outcome.result!.data as { delivery?: string }
      return ok(
        delivery === 'server-log'
          ? `This server has no SMTP (SVC_SMTP_URL), so no e-mail was sent: if ${input.email} has an account, its ${AUTH.codeDigits}-digit code is in the server's log. Ask the user (who runs the server) for it, then call auth_email_code again with email and code.`
          : `If ${input.email} has an account, a ${AUTH.codeDigits}-digit code is on its way. Ask the user for it, then call auth_email_code again with email and code.`,
      )
    }
    const data = outcome.result!.data as { server: string; user: { email: string } }
    return ok(`Logged in to ${data.server} as ${data.user.email}; the token is stored for later sessions.`)
  },
})
