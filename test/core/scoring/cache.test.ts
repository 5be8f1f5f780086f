/**
 * The per-process scoring-definition cache (ctx.caches.scoring): what it keeps, what a
 * change notice makes it forget, and that a definition read across a change is not kept.
 */
import { describe, expect, test } from 'bun:test'
import { createChangeFeed } from '../../../server/core/changes.ts'
import { scoringCache } from '../../../server/core/scoring/cache.ts'
import type { ScoringDefinition } from '../../../server/contract/scoring/score.ts'
import { EVERY_APP } from '../../../server/db/storage/changes.ts'

const definition = (appId: string, version: number): ScoringDefinition => ({
  appId,
  scales: [{ key: `v${version}`, name: '', method: 'sum', levels: [], items: [] }],
})

/** A cache over a fresh feed, and a reader whose reads are counted and answered by hand. */
function fixture() {
  const changes = createChangeFeed()
  const cache = scoringCache(changes)
  let version = 1
  const reads: Array<{ appId: string; answer(): void; fail(error: Error): void }> = []
  const read = (appId: string) => () =>
    new Promise<ScoringDefinition>((resolve, reject) => {
      const at = version
      reads.push({ appId, answer: () => resolve(definition(appId, at)), fail: reject })
    })
  const get = (appId: string) => cache.get(appId, read(appId))
  /** Answers every read asked so far. */
  const answerAll = () => {
    for (const r of reads.splice(0)) r.answer()
  }
  return { changes, cache, get, reads, answerAll, bump: () => version++ }
}

const keyOf = (d: ScoringDefinition) => d.scales[0].key

describe('scoring cache', () => {
  test('a definition is read once and kept; concurrent callers share the read', async () => {
    const f = fixture()
    const [a, b] = [f.get('app1'), f.get('app1')]
    expect(f.reads).toHaveLength(1)
    f.answerAll()
    expect((await a).scales).toEqual((await b).scales)
    expect(keyOf(await f.get('app1'))).toBe('v1')
    expect(f.reads).toHaveLength(0)
    expect(f.cache.kept('app1')).toBe(await a)
  })

  test('a change to the app makes it read again; other apps and record changes keep theirs', async () => {
    const f = fixture()
    const first = [f.get('app1'), f.get('app2')]
    f.answerAll()
    await Promise.all(first)
    f.bump()
    f.changes.notify('app1', 'records')
    expect(f.cache.kept('app1')).toBeDefined()
    f.changes.notify('app1', 'app')
    expect(f.cache.kept('app1')).toBeUndefined()
    expect(f.cache.kept('app2')).toBeDefined()
    const again = f.get('app1')
    f.answerAll()
    expect(keyOf(await again)).toBe('v2')
    for (const kind of ['fields', 'endpoint', 'deleted'] as const) {
      f.changes.notify('app2', kind)
      expect(f.cache.kept('app2')).toBeUndefined()
      const reread = f.get('app2')
      f.answerAll()
      await reread
    }
  })

  test('EVERY_APP (notices may have been missed) forgets every app', async () => {
    const f = fixture()
    const first = [f.get('app1'), f.get('app2')]
    f.answerAll()
    await Promise.all(first)
    f.changes.notify(EVERY_APP, 'app')
    expect([f.cache.kept('app1'), f.cache.kept('app2')]).toEqual([undefined, undefined])
  })

  test('a definition whose read overlapped a change reaches its callers but is not kept', async () => {
    const f = fixture()
    const before = f.get('app1')
    f.bump()
    f.changes.notify('app1', 'app')
    // A caller after the change does not join the read that started before it.
    const after = f.get('app1')
    expect(f.reads).toHaveLength(2)
    f.reads[0].answer()
    expect(keyOf(await before)).toBe('v1')
    expect(f.cache.kept('app1')).toBeUndefined()
    f.reads[1].answer()
    expect(keyOf(await after)).toBe('v2')
    expect(keyOf(f.cache.kept('app1')!)).toBe('v2')
  })

  test('a read overlapping EVERY_APP is not kept either', async () => {
    const f = fixture()
    const pending = f.get('app1')
    f.changes.notify(EVERY_APP, 'app')
    f.answerAll()
    await pending
    expect(f.cache.kept('app1')).toBeUndefined()
  })

  test('a failed read is not kept and the next call reads again', async () => {
    const f = fixture()
    const failing = f.get('app1')
    f.reads.shift()!.fail(new Error('connection lost'))
    await expect(failing).rejects.toThrow('connection lost')
    const retry = f.get('app1')
    expect(f.reads).toHaveLength(1)
    f.answerAll()
    expect(keyOf(await retry)).toBe('v1')
  })
})
