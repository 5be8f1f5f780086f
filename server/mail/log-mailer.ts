/**
 * @module Development fallback when SVC_SMTP_URL is unset: mail is written to the log,
 * clearly marked, so a local user can read their login code.
 */
import type { Logger } from '../core/logger.ts'
import type { Mailer } from '../core/mailer.ts'

export function createLogMailer(log: Logger): Mailer {
  return {
    description: 'no SMTP configured (SVC_SMTP_URL): login codes are written to this log — development only',
    async send(mail) {
      log.warn(`[dev mail, not sent] to=${mail.to} subject="${mail.subject}"\n${mail.text}`)
    },
  }
}
