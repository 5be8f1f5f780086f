/**
 * @module The wording of the login-code e-mail and of the notice that log-in by code paused,
 * kept apart from the code logic.
 */
import type { Mail } from '../mailer.ts'
import { AUTH } from '../../contract/limits.ts'

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

/**
 * The owner's notice that log-in by code paused for their address until `until`: `cap`
 * says whether code e-mails or wrong codes reached their cap.
 */
export function codePauseMail(to: string, cap: 'account' | 'failures', until: number, baseUrl: string): Mail {
  const what =
    cap === 'failures'
      ? `${AUTH.codeFailuresPerAccount} wrong login codes were tried for this address within ${AUTH.codeFailureWindowMs / 3_600_000} hours, so log-in by code is paused`
      : `${AUTH.codeEmailsPerAccountPerHour} login codes were requested for this address within an hour, so no more codes are sent`
  return {
    to,
    subject: 'svc: log-in by e-mail code paused for your account',
    text: [
      `At ${baseUrl}, ${what} until ${new Date(until).toISOString()}.`,
      '',
      'If that was not you, someone is trying to guess their way in. Nobody got in with a code.',
      'Your password, your sessions and your access tokens keep working: log in with your password meanwhile.',
      '',
      `You get this notice at most once in ${AUTH.codePauseNoticeWindowMs / 3_600_000} hours.`,
      '',
    ].join('\n'),
  }
}
