/**
 * @module Development fallback when SVC_SMTP_URL is unset: mail is written to the log,
 * clearly marked, so a local user can read their login code.
 */
import type { Logger } from '../core/logger.ts'
import type { Mailer } from '../core/mailer.ts'

/** A mailer that writes each mail to the log as a marked block instead of sending it. */
export function createLogMailer(log: Logger): Mailer {
  return {
    description: 'no SMTP configured (SVC_SMTP_URL): login codes are written to this log — development only',
    async send(mail) {
      // Every body line is prefixed so the mail stands out from ordinary log lines.
      const body = mail.text
        .replace(/\n+$/, '')
        .split('\n')
        .map((line) => `  | ${line}`.trimEnd())
      log.warn(
        [
          `DEVELOPMENT MAIL, NOT SENT (set SVC_SMTP_URL to deliver) to=${mail.to} subject="${mail.subject}"`,
          ...body,
        ].join('\n'),
      )
    },
  }
}
