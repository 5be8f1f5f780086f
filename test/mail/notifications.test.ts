/**
 * E-mail notifications to an app's owner, sent by the webhook worker through the real SMTP
 * mailer to a real SMTP socket: one mail per record with its fields as an escaped table,
 * at most NOTIFY_PER_HOUR an hour then a digest, and an unsubscribe link that works
 * without logging in.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { NOTIFY_PER_HOUR } from '../../server/core/webhooks/notifications.ts'
import { recordMail, subjectName } from '../../server/core/webhooks/notify-mail.ts'
import { createWebhookWorker } from '../../server/core/webhooks/worker.ts'
import { createSmtpMailer } from '../../server/mail/smtp-mailer.ts'
import { testApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { decodeHeader, loopbackSmtp, parseMessage } from '../support/smtp-sink.ts'
import { makeUser } from '../support/users.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup() {
  const smtp = await loopbackSmtp()
  cleanups.push(smtp.close)
  const t = testApp({ smtpUrl: smtp.url })
  const owner = await makeUser(t.ctx, 'owner@example.com')
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, { name: 'Contact "form" ✉' })
  const worker = createWebhookWorker(
    { ...t.ctx, mailer: createSmtpMailer(smtp.url, 'svc <no-reply@svc.test>') },
    { random: () => 0.5, net: t.ctx.webhooks.net },
  )
  const params = { id: endpoint.appId }
  /** The owner's notification settings. */
  const settings = () => t.call('notifications.get', { params }, { token: owner.token })
  /** Switches the owner's notification mails on or off. */
  const notify = (enabled: boolean) =>
    t.call('notifications.set', { params, body: { enabled } }, { token: owner.token })
  /** A record submitted to the app's share endpoint. */
  const submit = (body: Record<string, unknown>) => t.call('ingest.post', { params: { token: endpoint.token }, body })
  return { ...t, smtp, owner, endpoint, worker, settings, notify, submit }
}

describe('notification e-mails', () => {
  test('opt-in; one mail per record with escaped values; the cap sends a digest after it', async () => {
    const t = await setup()
    expect((await t.settings()).body).toEqual({
      code: 200,
      data: { enabled: false, perHour: NOTIFY_PER_HOUR, smtp: true },
    })
    // Off by default: records mail nothing.
    await t.submit({ n: 0 })
    expect(await t.worker.runOnce()).toBe(0)

    expect((await t.notify(true)).body).toEqual({
      code: 200,
      data: { enabled: true, perHour: NOTIFY_PER_HOUR, smtp: true },
    })
    // Not a webhook: the webhook list stays empty.
    expect(
      (await t.call('webhooks.list', { params: { id: t.endpoint.appId } }, { token: t.owner.token })).body,
    ).toEqual({ code: 200, data: { webhooks: [] } })

    const res = await t.submit({
      name: 'Ada\r\nBcc: evil@example.com',
      note: 'line 1\nline 2\u0007',
      age: 36,
      tags: ['a', 'b'],
    })
    expect(await t.worker.runOnce()).toBe(1)
    const message = await t.smtp.next()
    expect(message.to).toEqual(['owner@example.com'])
    const { header, text } = parseMessage(message.raw)
    expect(decodeHeader(header('Subject'))).toBe('New record in "Contact "form" ✉"')
    expect(header('Bcc')).toBeUndefined()
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = /^Stop these e-mails: (\S+)$/m.exec(text)![1]
    expect(header('List-Unsubscribe')).toBe(`<${unsubscribe}>`)
    expect(text).toBe(
      [
        'A new record in "Contact "form" ✉":',
        '',
        '  name  Ada\\r\\nBcc: evil@example.com',
        '  note  line 1\\nline 2\\u0007',
        '  age   36',
        '  tags  ["a","b"]',
        '',
        `Record ${res.body.data.id} · ${new Date(t.clock.now()).toISOString()}`,
        '',
        `All records: http://localhost:8787/admin/#/apps/${t.endpoint.appId}/data`,
        '',
        `Stop these e-mails: ${unsubscribe}`,
        '',
      ].join('\n'),
    )

    // Up to the cap, one mail each; past it, held and sent as one digest an hour after the first.
    for (let n = 2; n <= NOTIFY_PER_HOUR + 3; n++) {
      t.clock.advance(1000)
      await t.submit({ n })
      expect(await t.worker.runOnce()).toBe(1)
    }
    // The SMTP server has each message before the mailer's send resolves.
    expect(t.smtp.received.map((m) => decodeHeader(parseMessage(m.raw).header('Subject')))).toEqual(
      Array.from({ length: NOTIFY_PER_HOUR }, () => 'New record in "Contact "form" ✉"'),
    )
    t.clock.advance(3_600_000 - NOTIFY_PER_HOUR * 1000)
    expect(await t.worker.runOnce()).toBe(3)
    const digest = parseMessage(t.smtp.received[NOTIFY_PER_HOUR].raw)
    expect(decodeHeader(digest.header('Subject'))).toBe('3 new records in "Contact "form" ✉"')
    expect(digest.text).toContain(
      `3 new records in "Contact "form" ✉" (records that arrive together, or past ${NOTIFY_PER_HOUR} e-mails an hour, come in one e-mail):`,
    )
    expect([...digest.text.matchAll(/^ {2}n {2}(\d+)$/gm)].map((m) => Number(m[1]))).toEqual([
      NOTIFY_PER_HOUR + 1,
      NOTIFY_PER_HOUR + 2,
      NOTIFY_PER_HOUR + 3,
    ])
    expect(t.smtp.received.length).toBe(NOTIFY_PER_HOUR + 1)
  })

  test('the unsubscribe link: GET asks, POST switches the mails off; a forged token is refused', async () => {
    const t = await setup()
    await t.notify(true)
    await t.submit({ n: 1 })
    await t.worker.runOnce()
    const unsubscribe = /^Stop these e-mails: (\S+)$/m.exec(parseMessage((await t.smtp.next()).raw).text)![1]
    const path = new URL(unsubscribe).pathname

    const asked = await t.request('GET', path)
    expect(asked.status).toBe(200)
    expect(asked.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(asked.text).toContain('<form method="post"><button type="submit">Stop these e-mails</button></form>')
    expect((await t.settings()).body.data.enabled).toBe(true)

    const forged = await t.request(
      'POST',
      path.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect(forged.status).toBe(404)
    expect((await t.settings()).body.data.enabled).toBe(true)

    // A mail client's one-click POST (RFC 8058).
    const done = await t.request('POST', path, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('You will get no more e-mails about new records of “Contact &quot;form&quot; ✉”.')
    expect((await t.settings()).body).toEqual({
      code: 200,
      data: { enabled: false, perHour: NOTIFY_PER_HOUR, smtp: true },
    })
    await t.submit({ n: 2 })
    expect(await t.worker.runOnce()).toBe(0)
  })

  test('a subject cannot carry a line break, whatever the name', () => {
    expect(subjectName('Contact\r\nBcc: evil@example.com\u0000')).toBe('Contact Bcc: evil@example.com')
    const mail = recordMail({
      to: 'o@example.com',
      appName: 'A\nB',
      records: [{ id: 'r1', data: { x: '<b>' }, createdAt: 0 }],
      dataUrl: 'http://x/data',
      unsubscribeUrl: 'http://x/u',
      perHour: 10,
    })
    expect(mail.subject).toBe('New record in "A B"')
    expect(mail.text.split('\n').slice(0, 4)).toEqual(['A new record in "A\\nB":', '', '  x  <b>', ''])
  })

  test('files show by name, size and type, never their bytes; a stranger cannot make lines with a name', () => {
    const file = { id: 'f1', name: 'cv\nBcc.pdf', size: 12_800, type: 'application/pdf', sha256: 'ab'.repeat(32) }
    const mail = recordMail({
      to: 'o@example.com',
      appName: 'Jobs',
      records: [
        { id: 'r1', data: { cv: file, photos: [file, { ...file, name: 'b.png', type: 'image/png' }] }, createdAt: 0 },
      ],
      dataUrl: 'http://x/data',
      unsubscribeUrl: 'http://x/u',
      perHour: 10,
    })
    expect(mail.text.split('\n').slice(2, 4)).toEqual([
      '  cv      cv\\nBcc.pdf (12.5 KiB, application/pdf)',
      '  photos  cv\\nBcc.pdf (12.5 KiB, application/pdf), b.png (12.5 KiB, image/png)',
    ])
  })
})

describe('spam from the proof-of-work challenge', () => {
  test('a post flagged for a missing solution mails nothing and reaches no webhook; a solved one mails', async () => {
    const t = await setup()
    t.clock.advance(Date.now() - t.clock.now())
    await t.notify(true)
    const { updateShare } = await import('../../server/core/share/settings.ts')
    const { solvedPayload } = await import('../../server/contract/share/challenge-solve.ts')
    await updateShare(t.ctx, t.owner.user.id, t.endpoint.appId, { challenge: 'flag' })
    expect((await t.submit({ name: 'Bot' })).status).toBe(200)
    expect(await t.worker.runOnce()).toBe(0)
    const challenge = await t.call('ingest.challenge', { params: { token: t.endpoint.token } })
    const altcha = await solvedPayload(challenge.body as never)
    expect((await t.submit({ name: 'Ada', altcha })).status).toBe(200)
    expect(await t.worker.runOnce()).toBe(1)
    expect(parseMessage((await t.smtp.next()).raw).text).toContain('Ada')
  })
})
