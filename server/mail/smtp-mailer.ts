/**
 * @module Mail over SMTP with nodemailer (a well-kept library that handles STARTTLS,
 * auth and encoding, none of which is worth writing by hand).
 */
import nodemailer from 'nodemailer'
import type { Mailer } from '../core/mailer.ts'

/** A mailer sending through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  // hostname and port only: the URL may carry a password, which must not reach the log.
  const { hostname, port } = new URL(url)
  return {
    description: `SMTP ${hostname}${port ? `:${port}` : ''}`,
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
  }
}
