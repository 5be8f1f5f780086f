/**
 * Issue 41, row 12: a stolen access token is no longer silent. Creating a token, adding or
 * changing a webhook, revoking the other tokens and changing the password each mail the
 * owner, through the real SMTP mailer to a real SMTP socket; what happens within
 * ALERT_BATCH_MS of the first comes in one mail; each mail's revoke link shows a page on
 * GET (a mail scanner revokes nothing) and on POST revokes the tokens it names, and only those.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { ALERT_BATCH_MS, sendAccountAlerts } from '../../server/core/auth/alerts.ts'
import { signup } from '../../server/core/auth/signup.ts'
import { createSmtpMailer } from '../../server/mail/smtp-mailer.ts'
import { testApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { loopbackSmtp, parseMessage } from '../support/smtp-sink.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const EMAIL = 'owner@example.com'
const PASSWORD = 'correct horse'
const LINK = /http:\/\/localhost:8787\/api\/v3\/account\/revoke\/([A-Za-z0-9_-]+\.[0-9a-f]{64})/g

async function setup() {
  const smtp = await loopbackSmtp()
  cleanups.push(smtp.close)
  const t = testApp()
  const login = await signup(t.ctx, { email: EMAIL, password: PASSWORD, tokenName: 'laptop' })
  const laptop = login.token!
  const userId = login.user.id
  const mailer = { ...t.ctx, mailer: createSmtpMailer(smtp.url, 'svc <no-reply@svc.test>') }
  /** Sends what is due after the batch window; the mails that arrived. */
  const flush = async () => {
    t.clock.advance(ALERT_BATCH_MS)
    const sent = await sendAccountAlerts(mailer)
    const mails = []
    for (let i = 0; i < sent; i++) mails.push(parseMessage((await smtp.next()).raw))
    smtp.received.splice(0)
    return mails
  }
  const at = () => new Date(t.clock.now()).toISOString()
  return { ...t, smtp, laptop, userId, flush, at }
}

/** The mail's text with each revoke link replaced by `<link N>`, and the links. */
function links(text: string): { text: string; links: string[] } {
  const found: string[] = []
  const replaced = text.replace(LINK, (_m, link: string) => {
    found.push(link)
    return `<link ${found.length}>`
  })
  return { text: replaced, links: found }
}

describe('account alert e-mails', () => {
  test("a token's creation alone: one mail after the window, with a link that only revokes that token", async () => {
    const t = await setup()
    // Nothing before the window is over.
    expect(await sendAccountAlerts(t.ctx)).toBe(0)
    const created = t.at()
    const [mail] = await t.flush()
    expect(mail.header('Subject')).toBe("svc: a change to your account's access")
    const {
      text,
      links: [link],
    } = links(mail.text)
    expect(text).toBe(
      [
        `At http://localhost:8787, for ${EMAIL}:`,
        '',
        `- ${created}  A new access token "laptop" (${t.laptop.prefix}…) was created.`,
        '  Not you? Revoke it: <link 1>',
        '',
        'If this was you, there is nothing to do.',
        'A revoke link only revokes the tokens it names: it logs nobody in and changes nothing else. It works for 7 days.',
        'Changes within a minute of each other come in one e-mail.',
        '',
      ].join('\n'),
    )
    const other = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD } },
      { token: t.laptop.token },
    )
    expect(other.status).toBe(200)

    // GET (a mail scanner) shows a page and revokes nothing.
    const page = await t.call('alerts.revokePage', { params: { link: link } })
    expect([page.status, page.headers.get('set-cookie')]).toEqual([200, null])
    expect(page.text).toContain('<h1>Revoke this access token?</h1>')
    expect(page.text).toContain(`“laptop” (<code>${t.laptop.prefix}…</code>)`)
    expect((await t.call('auth.status', {}, { token: t.laptop.token })).status).toBe(200)

    const revoked = await t.call('alerts.revoke', { params: { link: link } })
    expect([revoked.status, revoked.headers.get('set-cookie')]).toEqual([200, null])
    expect(revoked.text).toContain('<h1>Revoked</h1>')
    expect((await t.call('auth.status', {}, { token: t.laptop.token })).status).toBe(401)
    // Only that token: the other one and the session's account are untouched.
    const list = await t.call('tokens.list', {}, { token: other.body.data.token })
    expect(list.body.data.tokens.map((token: { name: string }) => token.name)).toEqual(['ci'])
    // Once used, the link has nothing left to do; a forged one is refused.
    expect((await t.call('alerts.revoke', { params: { link: link } })).text).toContain('<h1>Nothing to revoke</h1>')
    const forged = `${link.split('.')[0]}.${'0'.repeat(64)}`
    expect((await t.call('alerts.revoke', { params: { link: forged } })).status).toBe(404)
    expect((await t.call('alerts.revokePage', { params: { link: forged } })).status).toBe(404)
  })

  test('a thief with a token: new token, webhook added and changed, the others revoked — one mail', async () => {
    const t = await setup()
    await t.flush()
    const endpoint = await makeEndpoint(t.ctx, t.userId, { name: 'Salaries' })
    const started = t.at()
    const stolen = await t.call(
      'tokens.create',
      { body: { name: 'backup', currentPassword: PASSWORD } },
      { token: t.laptop.token },
    )
    const thief = stolen.body.data
    const added = await t.call(
      'webhooks.add',
      { params: { id: endpoint.appId }, body: { url: 'https://93.184.215.14/take' } },
      { token: thief.token },
    )
    expect(added.status).toBe(200)
    t.clock.advance(10_000)
    const later = t.at()
    const changed = await t.call(
      'webhooks.update',
      { params: { id: endpoint.appId, webhook: added.body.data.id }, body: { url: 'https://93.184.215.15/take' } },
      { token: thief.token },
    )
    expect(changed.status).toBe(200)
    const revokedAll = await t.call('tokens.revokeAll', {}, { token: thief.token })
    expect(revokedAll.body.data.revoked.map((token: { name: string }) => token.name)).toEqual(['laptop'])

    const mails = await t.flush()
    expect(mails.length).toBe(1)
    const [mail] = mails
    expect(mail.header('Subject')).toBe("svc: 4 changes to your account's access")
    const thiefToken = `"backup" (${thief.prefix}…)`
    const { text, links: found } = links(mail.text)
    expect(text).toBe(
      [
        `At http://localhost:8787, for ${EMAIL}:`,
        '',
        `- ${started}  A new access token ${thiefToken} was created.`,
        '  Not you? Revoke it: <link 1>',
        '',
        `- ${started}  A webhook was added to the app "Salaries" (${endpoint.appId}) with the access token ${thiefToken}; it sends records to https://93.184.215.14/take.`,
        '  Not you? Revoke that token: <link 2>',
        '',
        `- ${later}  A webhook was changed on the app "Salaries" (${endpoint.appId}) with the access token ${thiefToken}; it sends records to https://93.184.215.15/take.`,
        '  Not you? Revoke that token: <link 3>',
        '',
        `- ${later}  1 other access token was revoked with the access token ${thiefToken}: "laptop" (${t.laptop.prefix}…).`,
        '  Not you? Revoke that token: <link 4>',
        '',
        'If this was you, there is nothing to do.',
        'A revoke link only revokes the tokens it names: it logs nobody in and changes nothing else. It works for 7 days.',
        'Changes within a minute of each other come in one e-mail.',
        '',
      ].join('\n'),
    )
    // Each link names the thief's token; the first one ends it.
    expect((await t.call('alerts.revoke', { params: { link: found[3] } })).text).toContain(`“backup”`)
    expect((await t.call('auth.status', {}, { token: thief.token })).status).toBe(401)
    // The webhook is the owner's to remove now; the link changed nothing else.
    expect((await t.ctx.storage.webhooks.list(endpoint.appId)).map((hook) => hook.url)).toEqual([
      'https://93.184.215.15/take',
    ])
    // The batch is gone: nothing more is mailed.
    expect(await t.flush()).toEqual([])
  })

  test('a password change lists the live tokens in its answer and in the mail, with one link revoking them all', async () => {
    const t = await setup()
    await t.flush()
    const ci = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD } },
      { token: t.laptop.token },
    )
    await t.flush()
    const changed = await t.call(
      'profile.setPassword',
      { body: { currentPassword: PASSWORD, newPassword: 'battery staple' } },
      { token: t.laptop.token },
    )
    expect(changed.body).toEqual({
      code: 200,
      data: {
        changed: true,
        tokens: [
          {
            id: ci.body.data.id,
            name: 'ci',
            prefix: ci.body.data.prefix,
            createdAt: expect.any(String),
            lastUsedAt: null,
            scopes: [...SCOPES],
            apps: null,
            expiresAt: null,
          },
          {
            id: t.laptop.id,
            name: 'laptop',
            prefix: t.laptop.prefix,
            createdAt: expect.any(String),
            lastUsedAt: expect.any(String),
            scopes: [...SCOPES],
            apps: null,
            expiresAt: null,
          },
        ],
      },
    })
    const at = t.at()
    const [mail] = await t.flush()
    const {
      text,
      links: [all],
    } = links(mail.text)
    expect(text.split('\n').slice(0, 4)).toEqual([
      `At http://localhost:8787, for ${EMAIL}:`,
      '',
      `- ${at}  Your password was changed. These access tokens still work: "ci" (${ci.body.data.prefix}…), "laptop" (${t.laptop.prefix}…).`,
      '  Revoke them all: <link 1>',
    ])
    const done = await t.call('alerts.revoke', { params: { link: all } })
    expect(done.text).toContain('<h1>Revoked</h1>')
    expect(await t.ctx.storage.auth.tokens(t.userId)).toEqual([])
  })

  test('a reset by e-mail code is a password change too: the mail lists the tokens that still work', async () => {
    const t = await setup()
    await t.flush()
    await t.call('auth.sendCode', { body: { email: EMAIL } }, { from: '192.0.2.1' })
    const code = /^\s+(\d{6})$/m.exec(t.mails.at(-1)!.text)![1]
    const reset = await t.call(
      'auth.resetPassword',
      { body: { email: EMAIL, code, newPassword: 'battery staple' } },
      { from: '192.0.2.1' },
    )
    expect(reset.status).toBe(200)
    const at = t.at()
    const [mail] = await t.flush()
    expect(links(mail.text).text.split('\n').slice(2, 4)).toEqual([
      `- ${at}  Your password was changed. These access tokens still work: "laptop" (${t.laptop.prefix}…).`,
      '  Revoke them all: <link 1>',
    ])
  })
})
