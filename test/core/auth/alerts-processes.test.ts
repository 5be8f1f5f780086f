/**
 * Issue 41, row 12: the account alert mails of several svc processes on one database. The
 * processes look for due batches at the same moment; each alert goes into exactly one mail,
 * and a batch whose sending failed goes out again once its lease ran out.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { ALERT_BATCH_MS, alertOwner, sendAccountAlerts } from '../../../server/core/auth/alerts.ts'
import type { AppContext } from '../../../server/core/context.ts'
import type { Mail } from '../../../server/core/mailer.ts'
import { insertUser } from '../../../server/core/users/users.ts'
import { sharedDatabase, type SharedDatabase } from '../../support/shared-database.ts'

let db: SharedDatabase | null = null
afterEach(async () => {
  await db?.close()
  db = null
})

/** `ctx` mailing into `mails` (or failing, while `failing` says so). */
const mailingTo = (ctx: AppContext, mails: Mail[], failing = { now: false }): AppContext => ({
  ...ctx,
  mailer: {
    description: 'recording',
    async send(mail) {
      if (failing.now) throw new Error('SMTP refused')
      mails.push(mail)
    },
  },
})

describe('account alerts across processes', () => {
  test('four processes claiming at once: every account gets one mail with all its alerts', async () => {
    db = await sharedDatabase()
    const contexts = await Promise.all([db.open(), db.open(), db.open(), db.open()])
    const mails: Mail[] = []
    const users = []
    for (let i = 0; i < 5; i++) users.push(await insertUser(contexts[0], { email: `u${i}@example.com`, name: `u${i}` }))
    for (const [i, user] of users.entries())
      for (let n = 0; n < 3; n++)
        await alertOwner(contexts[(i + n) % 4], user.id, {
          kind: 'token.created',
          token: { id: `t${i}-${n}`, name: `token ${n}`, prefix: 'svc_pat_abcdef' },
        })
    db.clock.advance(ALERT_BATCH_MS)
    const sent = await Promise.all(contexts.map((ctx) => sendAccountAlerts(mailingTo(ctx, mails))))
    expect(sent.reduce((a, b) => a + b, 0)).toBe(5)
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      users.map((user) => [user.email, "svc: 3 changes to your account's access"]).sort(),
    )
    expect(await Promise.all(contexts.map((ctx) => sendAccountAlerts(mailingTo(ctx, mails))))).toEqual([0, 0, 0, 0])
  })

  test('a failed send is tried again by any process once the lease ran out', async () => {
    db = await sharedDatabase()
    const [one, two] = await Promise.all([db.open(), db.open()])
    const user = await insertUser(one, { email: 'owner@example.com', name: 'owner' })
    await alertOwner(one, user.id, { kind: 'password.changed', live: [] })
    db.clock.advance(ALERT_BATCH_MS)
    const mails: Mail[] = []
    expect(await sendAccountAlerts(mailingTo(one, mails, { now: true }))).toBe(0)
    // Leased: the other process leaves it alone meanwhile.
    expect(await sendAccountAlerts(mailingTo(two, mails))).toBe(0)
    db.clock.advance(5 * 60_000)
    expect(await sendAccountAlerts(mailingTo(two, mails))).toBe(1)
    expect(mails.map((mail) => mail.text.split('\n')[2])).toEqual([
      `- ${new Date(db.clock.now() - 5 * 60_000 - ALERT_BATCH_MS).toISOString()}  Your password was changed. No access token is live.`,
    ])
  })
})
