/**
 * @module Mail over SMTP with nodemailer (a well-kept library that handles STARTTLS,
 * auth and encoding, none of which is worth writing by hand).
 */
import nodemailer from 'nodemailer'
import type { Mailer } from '../core/mailer.ts'

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  const { host, port } = new URL(url)
  return {
    description: `SMTP ${host}${port ? `:${port}` : ''}`,
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
  }
}
