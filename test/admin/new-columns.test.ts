/**
 * The note of fields accepted that the Data tab has not shown yet (admin/components/svc-records/
 * new-columns.ts): kept per app in order without repeats, taken once, and harmless when storage
 * holds nonsense, refuses or is missing.
 */
import { describe, expect, test } from 'bun:test'
import type { KeyValueStore } from '../../admin/components/svc-records/hidden-columns.ts'
import { noteAccepted, takeAccepted } from '../../admin/components/svc-records/new-columns.ts'

const memoryStore = () => {
  const items = new Map<string, string>()
  const store: KeyValueStore & { items: Map<string, string> } = {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
  return store
}

describe('fields accepted, for the Data tab to mark', () => {
  test('are noted per app in the order accepted, and taken once', () => {
    const store = memoryStore()
    noteAccepted(store, 'app1', ['diet', '__proto__'])
    noteAccepted(store, 'app1', ['diet', 'city'])
    noteAccepted(store, 'app2', [])
    expect([...takeAccepted(store, 'app1')]).toEqual(['diet', '__proto__', 'city'])
    expect(takeAccepted(store, 'app1')).toEqual(new Set())
    expect(takeAccepted(store, 'app2')).toEqual(new Set())
    expect(store.items.size).toBe(0)
  })

  test('storage that holds nonsense, throws or is missing marks nothing and breaks nothing', () => {
    const store = memoryStore()
    store.items.set('svc:records:accepted:app1', '{not json')
    expect(takeAccepted(store, 'app1')).toEqual(new Set())
    store.items.set('svc:records:accepted:app1', '[1, "a"]')
    expect(takeAccepted(store, 'app1')).toEqual(new Set(['a']))
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => noteAccepted(refusing, 'app1', ['a'])).not.toThrow()
    expect(takeAccepted(refusing, 'app1')).toEqual(new Set())
    expect(takeAccepted(null, 'app1')).toEqual(new Set())
  })
})
