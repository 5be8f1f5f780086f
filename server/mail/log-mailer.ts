/**
 * @module Development fallback when SVC_SMTP_URL is unset: mail is written to the log,
 * clearly marked, so a local user can read their login code.
 */
import type { Logger } from '../core/logger.ts'
import type { Mailer } from '../core/mailer.ts'

// What a terminal or a log viewer would act on (ESC, CR, C1, line separators) and the quote
// that ends the subject: shown escaped, so a stranger's text in a mail cannot forge log lines.
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g
const QUOTED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/g
const escaped = (char: string) =>
  char === '"' || char === '\\' ? `\\${char}` : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
/** `text` as one log line; `quoted` (the subject, between quotes) also escapes `"` and `\`. */
const loggable = (text: string, quoted = false) => text.replace(quoted ? QUOTED : CONTROLS, escaped)

/** A mailer that writes each mail to the log as a marked block instead of sending it. */
export function createLogMailer(log: Logger): Mailer {
  return {
    description: 'no SMTP configured (SVC_SMTP_URL): login codes are written to this log — development only',
    async send(mail) {
      // Every body line is prefixed so the mail stands out from ordinary log lines.
      const body = mail.text
        .replace(/\n+$/, '')
        .split('\n')
        .map((line) => `  | ${loggable(line)}`.trimEnd())
      log.warn(
        [
          `DEVELOPMENT MAIL, NOT SENT (set SVC_SMTP_URL to deliver) to=${loggable(mail.to)} subject="${loggable(mail.subject, true)}"`,
          ...body,
        ].join('\n'),
      )
    },
  }
}
