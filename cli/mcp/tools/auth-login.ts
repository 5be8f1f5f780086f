/**
 * @module auth_login: log in inside the chat with an access token (recommended) or e-mail
 * and password; the token is stored exactly as `svc-cli auth login` stores it.
 */
import type { CommandDef } from 'citty'
import { z } from 'zod'
import { Email, EmailCode } from '../../../server/contract/auth/schemas.ts'
import { usageError } from '../../errors.ts'
import { runInProcess } from '../exec.ts'
import { fail, ok } from '../results.ts'
import type { ToolModule } from './tool.ts'

/** The tool, running the auth commands of `root` in-process. */
export const authLogin = (root: CommandDef): ToolModule => ({
  name: 'auth_login',
  config: {
    title: 'Log in to svc',
    description:
      'Log in and store the token: `token` (svc_pat_…, recommended; the user makes one in the admin page or with `svc-cli auth token create --name mcp`) or `email` + `password`. No password: auth_email_code.',
    inputSchema: {
      token: z.string().min(1).optional().describe('Access token (svc_pat_…); recommended'),
      email: Email.optional().describe('Account e-mail, with password'),
      password: z.string().min(1).optional().describe('Account password, with email'),
      code: EmailCode.optional().describe(
        'After a code_required answer (many failed log-ins for the account): the code e-mailed to the user, with email and password',
      ),
    },
    annotations: {
      title: 'Log in to svc',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  },
  async handler(env, input: { token?: string; email?: string; password?: string; code?: string }) {
    let argv: string[]
    let stdin: string
    if (input.token) [argv, stdin] = [['auth', 'login', '--with-token'], input.token]
    else if (input.email && input.password)
      [argv, stdin] = [
        ['auth', 'login', '--email', input.email, '--password-stdin', ...(input.code ? ['--code', input.code] : [])],
        input.password,
      ]
    else
      return fail(
        usageError('Pass `token` (recommended) or both `email` and `password`; for a login code use auth_email_code'),
      )
    const { outcome } = await runInProcess(root, env, argv, stdin)
    if (outcome.error) return fail(outcome.error)
    const data = outcome.result!.data as { server: string; user: { email: string } }
    const shadowed = env.SVC_TOKEN
      ? " Note: SVC_TOKEN is set in this MCP server's environment and takes precedence over the stored token."
      : ''
    return ok(
      `Logged in to ${data.server} as ${data.user.email}; the token is stored for later sessions. Next: svc_read with "app list".${shadowed}`,
    )
  },
})
