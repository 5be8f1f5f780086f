/**
 * Two svc processes on one PostgreSQL database (here: two storages in one test process,
 * each listening for the other's change notices): a scale change made through one reaches
 * the other's kept scoring definition. On PostgreSQL whatever the run's
 * backend (test/support/postgres-database.ts).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../../server/core/apps/apps.ts'
import { addField } from '../../../server/core/fields/fields.ts'
import { removeScaleItem } from '../../../server/core/scales/items.ts'
import { createScale } from '../../../server/core/scales/scales.ts'
import { loadScoringDefinition } from '../../../server/core/scoring/definition.ts'
import { openPostgresStorage } from '../../../server/db/postgres/index.ts'
import { testContextOver } from '../../support/context.ts'
import { postgresDatabases, postgresUnavailable } from '../../support/postgres-database.ts'
import { makeUser } from '../../support/users.ts'
import { LIKERT, MOOD_SCALE } from '../../http/assessment-fixture.ts'

if (postgresUnavailable) console.warn(`⚠ test/core/scoring/cross-process.test.ts: skipped — ${postgresUnavailable}`)

/** How long a notice may take to arrive before the test fails: generous, a loaded machine is slow (speed is bench/'s). */
const LIMIT = 10_000

/** Polls `done` every 10 ms; how long it took, or a failure after `limit` ms. */
async function within(limit: number, done: () => boolean): Promise<number> {
  const start = performance.now()
  while (!done()) {
    if (performance.now() - start > limit) throw new Error(`not within ${limit} ms`)
    await Bun.sleep(10)
  }
  return performance.now() - start
}

describe.skipIf(postgresUnavailable !== null)('scoring definitions across processes', () => {
  const databases = postgresDatabases()
  afterAll(() => databases.stop())

  test("a scale change on one process reaches the other's kept definition", async () => {
    const url = await databases.create()
    const [one, other] = await Promise.all(
      [1, 2].map(() => openPostgresStorage(url, { migrate: false, listen: true, max: 3 })),
    )
    try {
      const a = testContextOver(one).ctx
      const b = testContextOver(other).ctx
      // What A announced, and what B heard of it (in commit order, a little later).
      const [saidByA, heardByB]: string[][] = [[], []]
      a.changes.subscribe((appId, kind) => void saidByA.push(`${appId} ${kind}`))
      b.changes.subscribe((appId, kind) => void heardByB.push(`${appId} ${kind}`))
      const owner = await makeUser(a)
      const app = await createApp(a, owner.user.id, { name: 'Wellbeing check' })
      for (const name of ['calm', 'rested', 'worried'])
        await addField(a, owner.user.id, app.id, { name, type: 'choice', options: LIKERT })
      await createScale(a, owner.user.id, app.id, MOOD_SCALE)
      // A read on B that overlaps one of these notices is rightly not kept: let them all arrive first.
      await within(LIMIT, () => heardByB.length === saidByA.length)
      expect(heardByB).toEqual(saidByA)

      const itemsOn = async (ctx: typeof a) =>
        (await loadScoringDefinition(ctx, app.id)).scales[0].items.map((item) => item.field)
      expect(await itemsOn(a)).toEqual(['calm', 'rested', 'worried'])
      expect(await itemsOn(b)).toEqual(['calm', 'rested', 'worried'])
      expect(b.caches.scoring.kept(app.id)).toBeDefined()

      await removeScaleItem(a, owner.user.id, app.id, 'mood', 'calm')
      expect(a.caches.scoring.kept(app.id)).toBeUndefined()
      await within(LIMIT, () => b.caches.scoring.kept(app.id) === undefined)
      expect(await itemsOn(b)).toEqual(['rested', 'worried'])
    } finally {
      await Promise.all([one.close(), other.close()])
    }
  })
})
