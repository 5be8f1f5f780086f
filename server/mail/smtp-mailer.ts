/**
 * @module Mail over SMTP with nodemailer (a well-kept library that handles STARTTLS,
 * auth and encoding, none of which is worth writing by hand).
 */
import type { Transporter } from 'nodemailer'
import type { Mailer } from '../core/mailer.ts'

/** A mailer sending through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer (with node:tls, node:net and node:http) is loaded with the first mail, not at
  // start-up: loading it costs ≈ 40 ms, and most servers never send mail.
  let transport: Promise<Transporter> | null = null
  // hostname and port only: the URL may carry a password, which must not reach the log.
  const { hostname, port } = new URL(url)
  return {
    description: `SMTP ${hostname}${port ? `:${port}` : ''}`,
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
      await (await transport).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      })
    },
  }
}
