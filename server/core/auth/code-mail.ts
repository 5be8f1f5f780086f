/**
 * @module The wording of the login-code e-mail, kept apart from the code logic.
 */
import type { Mail } from '../mailer.ts'
import { AUTH } from '../limits.ts'

/** The e-mail carrying `code` to `to`; `baseUrl` tells the reader which server sent it. */
export function loginCodeMail(to: string, code: string, baseUrl: string): Mail {
  const minutes = AUTH.codeTtlMs / 60_000
  return {
    to,
    subject: `Your svc login code: ${code}`,
    text: [
      `Your login code for ${baseUrl} is:`,
      '',
      `    ${code}`,
      '',
      `It is valid for ${minutes} minutes and works once. Enter it where you asked for it.`,
      '',
      'If you did not ask for a code, ignore this e-mail: nobody can log in without it.',
      '',
    ].join('\n'),
  }
}
