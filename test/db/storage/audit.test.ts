/**
 * The audit log's storage on either backend (storage/audit.ts, audit-unit.ts): the entry a
 * unit of work leaves is written by the first change a store commits in it, inside that
 * change's transaction — once, and not at all when the change rolls back or happens outside
 * a unit; pages filter by prefix without LIKE's wildcards leaking in; pruning goes in batches.
 */
import { describe, expect, test } from 'bun:test'
import { AppError } from '../../../server/contract/errors.ts'
import type { AuditRow } from '../../../server/db/storage/audit.ts'
import type { NewField } from '../../../server/db/storage/fields.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

async function setup() {
  const t = testContext()
  const { user } = await makeUser(t.ctx, 'ada@example.com')
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const { storage } = t.ctx
  const note = { accountId: user.id, actorId: user.id, actorEmail: user.email, via: 'session' }
  const entries = () => storage.audit.list({ after: null, limit: 100 })
  return { ...t, storage, userId: user.id, appId, note, entries }
}

const field = (appId: string, name: string): NewField => ({
  id: crypto.randomUUID(),
  appId,
  name,
  label: name,
  type: 'text',
  required: false,
  options: null,
  settings: null,
  form: null,
  autoCreated: false,
  createdAt: 0,
  updatedAt: 0,
})

describe('the unit of work', () => {
  test("the first change committed writes the unit's one entry, stamped by the storage's clock", async () => {
    const { storage, appId, note, entries, clock } = await setup()
    clock.advance(5_000)
    await storage.units.run('192.0.2.1', async () => {
      storage.units.note({ ...note, action: 'apps.update', target: 'Survey' })
      expect(await storage.apps.update(appId, { name: 'One' }, clock.now())).toBe(true)
      expect(await storage.apps.update(appId, { name: 'Two' }, clock.now())).toBe(true)
      // Nothing is left to write once a change wrote it.
      expect(storage.units.pending(clock.now())).toBeNull()
    })
    expect(await entries()).toEqual([
      {
        id: expect.any(String),
        at: clock.now(),
        accountId: note.accountId,
        appId,
        actorId: note.actorId,
        actorEmail: 'ada@example.com',
        via: 'session',
        address: '192.0.2.1',
        action: 'apps.update',
        target: 'Survey',
        before: null,
        after: null,
      } satisfies AuditRow,
    ])
  })

  test('a change that rolls back leaves no entry; the next one that commits writes it', async () => {
    const { storage, appId, note, entries } = await setup()
    await storage.units.run('', async () => {
      storage.units.note({ ...note, action: 'fields.add' })
      const refusing = storage.fields.add(appId, () => {
        throw new AppError('conflict', 'refused inside the transaction')
      })
      await expect(refusing).rejects.toThrow('refused inside the transaction')
      expect(await entries()).toEqual([])
      expect((await storage.fields.add(appId, () => field(appId, 'email'))).ok).toBe(true)
    })
    expect((await entries()).map((row) => [row.action, row.appId])).toEqual([['fields.add', appId]])
  })

  test('a change refused by the store itself (no row changed) leaves none', async () => {
    const { storage, appId, note, entries, clock } = await setup()
    await storage.units.run('', async () => {
      storage.units.note({ ...note, action: 'apps.update' })
      expect(await storage.apps.update('no-such-app', { name: 'x' }, clock.now())).toBe(false)
      // Still waiting for a change: the request would write it as it ends well (core/audit/record.ts).
      expect(storage.units.pending(clock.now())).toMatchObject({ action: 'apps.update', appId: null })
    })
    expect(await entries()).toEqual([])
    await storage.apps.update(appId, { name: 'Outside' }, clock.now())
    expect(await entries()).toEqual([])
  })

  test('a dropped note writes nothing, and units do not see each other', async () => {
    const { storage, appId, note, entries, clock } = await setup()
    await Promise.all([
      storage.units.run('192.0.2.1', async () => {
        storage.units.note({ ...note, action: 'apps.update' })
        storage.units.drop()
        await storage.apps.update(appId, { name: 'Dropped' }, clock.now())
      }),
      storage.units.run('192.0.2.2', async () => {
        await Promise.resolve()
        storage.units.note({ ...note, action: 'share.update' })
        await storage.share.update(appId, { honeypot: '_x' }, clock.now())
      }),
    ])
    expect((await entries()).map((row) => [row.action, row.address])).toEqual([['share.update', '192.0.2.2']])
  })
})

describe('pages and pruning', () => {
  const row = (n: number, action: string, at: number): AuditRow => ({
    id: `01000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    at,
    accountId: 'acc',
    appId: null,
    actorId: null,
    actorEmail: null,
    via: 'session',
    address: '',
    action,
    target: null,
    before: null,
    after: null,
  })

  test("a prefix is matched literally: LIKE's wildcards in it match only themselves", async () => {
    const { storage } = await setup()
    for (const [n, action] of ['a_b.x', 'axb.y', 'a%b.z'].entries()) await storage.audit.append(row(n, action, n))
    const actions = async (value: string) =>
      (await storage.audit.list({ action: { value, prefix: true }, after: null, limit: 10 })).map((r) => r.action)
    expect(await actions('a_b.')).toEqual(['a_b.x'])
    expect(await actions('a%')).toEqual(['a%b.z'])
    expect(await actions('a')).toEqual(['a%b.z', 'axb.y', 'a_b.x'])
  })

  test('pruning deletes at most a batch of the entries older than the cut, oldest kept apart from newer', async () => {
    const { storage } = await setup()
    for (let n = 0; n < 7; n++) await storage.audit.append(row(n, 'x.y', n * 1000))
    expect(await storage.audit.prune(5000, 3)).toBe(3)
    expect(await storage.audit.prune(5000, 3)).toBe(2)
    expect(await storage.audit.prune(5000, 3)).toBe(0)
    expect((await storage.audit.list({ accountId: 'acc', after: null, limit: 10 })).map((r) => r.at)).toEqual([
      6000, 5000,
    ])
  })
})
