import { expect, test } from 'bun:test'
import { loginCodeMail } from '../../server/core/auth/code-mail.ts'
import { createLogger } from '../../server/core/logger.ts'
import { createLogMailer } from '../../server/mail/log-mailer.ts'

test('without SMTP the login code is written to the log, marked as development mail', async () => {
  const lines: Array<[string, string]> = []
  const mailer = createLogMailer(createLogger('info', (level, line) => lines.push([level, line])))
  expect(mailer.description).toBe(
    'no SMTP configured (SVC_SMTP_URL): login codes are written to this log — development only',
  )
  await mailer.send(loginCodeMail('ada@example.com', '042137', 'http://localhost:8787'))
  expect(lines).toHaveLength(1)
  const [level, line] = lines[0]
  expect(level).toBe('warn')
  expect(line.replace(/^\S+ /, '')).toBe(
    [
      'WARN  DEVELOPMENT MAIL, NOT SENT (set SVC_SMTP_URL to deliver) to=ada@example.com subject="Your svc login code: 042137"',
      '  | Your login code for http://localhost:8787 is:',
      '  |',
      '  |     042137',
      '  |',
      '  | It is valid for 10 minutes and works once. Enter it where you asked for it.',
      '  |',
      '  | If you did not ask for a code, ignore this e-mail: nobody can log in without it.',
    ].join('\n'),
  )
})

test('what the log mailer writes shows control characters escaped, so a mail cannot forge log lines or drive a terminal', async () => {
  const lines: string[] = []
  const mailer = createLogMailer(createLogger('info', (_level, line) => lines.push(line)))
  await mailer.send({
    to: 'ada\u001b[2J@example.com',
    subject: 'New record: "x"\r\n2026-01-01 INFO forged',
    text: 'name: Ada\u0007\u009b31m\nnote: a\u2028b\ttab\n',
  })
  expect(lines.map((line) => line.replace(/^\S+ /, ''))).toEqual([
    [
      'WARN  DEVELOPMENT MAIL, NOT SENT (set SVC_SMTP_URL to deliver) to=ada\\u001b[2J@example.com subject="New record: \\"x\\"\\u000d\\u000a2026-01-01 INFO forged"',
      '  | name: Ada\\u0007\\u009b31m',
      '  | note: a\\u2028b\ttab',
    ].join('\n'),
  ])
})
