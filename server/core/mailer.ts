/** An outgoing e-mail; plain text is enough for login codes. */
export interface Mail {
  to: string
  subject: string
  text: string
  /** Extra headers (List-Unsubscribe); names and values never come from the public. */
  headers?: Record<string, string>
}

/** Sends mail. The SMTP implementation lives in server/mail; tests use a recording one. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  /** What start-up prints about delivery, e.g. "SMTP mail.example.com:587". */
  readonly description: string
}
