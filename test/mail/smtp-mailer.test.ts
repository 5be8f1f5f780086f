import { afterEach, expect, test } from 'bun:test'
import { startServer, type RunningServer } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import { newSecretKey } from '../../server/core/sealer.ts'
import { createSmtpMailer } from '../../server/mail/smtp-mailer.ts'
import { callServer } from '../support/call.ts'
import { loopbackSmtp, parseMessage } from '../support/smtp-sink.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

test('the SMTP mailer delivers to a real SMTP server', async () => {
  const smtp = await loopbackSmtp()
  cleanups.push(smtp.close)
  const mailer = createSmtpMailer(smtp.url, 'svc <no-reply@svc.test>')
  expect(mailer.description).toBe(`SMTP 127.0.0.1:${new URL(smtp.url).port}`)
  expect(createSmtpMailer('smtp://user:secret@mail.example.com:587', 'x <x@y.z>').description).toBe(
    'SMTP mail.example.com:587',
  )
  await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Line one\nLine two\n' })
  const message = await smtp.next()
  expect(message.from).toBe('no-reply@svc.test')
  expect(message.to).toEqual(['ada@example.com'])
  const parsed = parseMessage(message.raw)
  expect(parsed.header('subject')).toBe('Hello')
  expect(parsed.header('from')).toBe('svc <no-reply@svc.test>')
  expect(parsed.header('to')).toBe('ada@example.com')
  expect(parsed.text).toBe('Line one\nLine two\n')
})

test("a refused recipient makes send() fail with the server's reason", async () => {
  const smtp = await loopbackSmtp({ refuse: 'gone@example.com' })
  cleanups.push(smtp.close)
  const mailer = createSmtpMailer(smtp.url, 'svc <no-reply@svc.test>')
  await expect(mailer.send({ to: 'gone@example.com', subject: 'x', text: 'x' })).rejects.toThrow('mailbox unavailable')
})

test('end to end: a login code goes out over SMTP and the mailed code logs in', async () => {
  const smtp = await loopbackSmtp()
  cleanups.push(smtp.close)
  const config = {
    ...loadConfig({
      PORT: '0',
      SVC_SMTP_URL: smtp.url,
      SVC_MAIL_FROM: 'svc <codes@svc.test>',
      SVC_SIGNUP: 'open',
      SVC_LOG: 'silent',
      SVC_SECRET: newSecretKey(),
    }),
    databasePath: ':memory:',
  }
  const server: RunningServer = await startServer(config)
  cleanups.push(server.stop)
  expect((await callServer(server.url, 'auth.options')).body.data.smtp).toBe(true)
  const signedUp = await callServer(server.url, 'auth.signup', { body: { email: 'ada@example.com' } })
  expect(signedUp.status).toBe(200)
  const requested = await callServer(server.url, 'auth.sendCode', { body: { email: 'Ada@Example.com' } })
  expect(requested.body).toEqual({ code: 200, data: { sent: true, expiresInSeconds: 600 } })

  const message = await smtp.next()
  expect(message.from).toBe('codes@svc.test')
  expect(message.to).toEqual(['ada@example.com'])
  const { header, text } = parseMessage(message.raw)
  const code = /^ {4}(\d{6})$/m.exec(text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  expect(header('subject')).toBe(`Your svc login code: ${code}`)
  expect(text).toContain(`Your login code for ${config.baseUrl} is:`)

  const verified = await callServer(server.url, 'auth.verifyCode', { body: { email: 'ada@example.com', code: code! } })
  expect(verified.status).toBe(200)
  expect(verified.body.data.user.email).toBe('ada@example.com')
  expect(verified.headers.get('set-cookie')).toStartWith('svc_session=')
  // An unknown address gets the same answer and nothing is sent.
  expect((await callServer(server.url, 'auth.sendCode', { body: { email: 'nobody@example.com' } })).body).toEqual({
    code: 200,
    data: { sent: true, expiresInSeconds: 600 },
  })
  await server.stop()
  expect(smtp.received).toHaveLength(1)
})
