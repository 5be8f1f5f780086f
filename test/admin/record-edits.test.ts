/**
 * The record editor's values: each field's value as its control's text and back, read as
 * the server's /form reads text (a JSON field's text as JSON); only the fields whose text
 * changed are sent. And the columns hidden per app, remembered in the browser's storage.
 */
import { describe, expect, test } from 'bun:test'
import type { Field, SvcRecord } from '../../admin/api.ts'
import { changedValues, textsOf, valueOfTexts } from '../../admin/components/svc-record-form/edits.ts'
import { loadHidden, saveHidden, type KeyValueStore } from '../../admin/components/svc-records/hidden-columns.ts'
import type { FieldType } from '../../server/contract/fields/types/index.ts'

const field = (name: string, type: FieldType, extra: Partial<Field> = {}): Field => ({
  id: name,
  name,
  type,
  label: '',
  required: false,
  options: null,
  position: 0,
  autoCreated: false,
  proposed: false,
  createdAt: '',
  updatedAt: '',
  ...extra,
})
const FIELDS = [
  field('email', 'email'),
  field('age', 'number'),
  field('agree', 'boolean'),
  field('tags', 'multichoice', { options: ['a', 'b', 'c'] }),
  field('extra', 'json'),
  field('note', 'text'),
  field('auto', 'number', { autoCreated: true }),
]
const record: SvcRecord = {
  id: 'r1',
  data: { email: 'ada@example.com', age: 36, agree: true, tags: ['a'], extra: { k: [1] }, auto: 'x' },
  meta: {},
  createdAt: '2026-01-01T00:00:00.000Z',
}
const start = () => new Map(FIELDS.map((f) => [f.name, textsOf(f, record.data[f.name])]))

describe('record editor values', () => {
  test('each value as its control starts', () => {
    expect(Object.fromEntries(start())).toEqual({
      email: ['ada@example.com'],
      age: ['36'],
      agree: ['true'],
      tags: ['a'],
      extra: ['{\n  "k": [\n    1\n  ]\n}'],
      note: [],
      auto: ['x'],
    })
  })

  test('untouched fields are not sent; changed ones are read by their type', () => {
    expect(changedValues(FIELDS, record, start())).toEqual({ data: {}, problems: new Map() })
    const texts = start()
      .set('age', ['37'])
      .set('agree', ['false'])
      .set('tags', ['a', 'c'])
      .set('extra', ['[1, "two"]'])
      .set('note', ['hello'])
      .set('email', [''])
    const { data, problems } = changedValues(FIELDS, record, texts)
    expect(problems).toEqual(new Map())
    // An emptied typed field is removed (null), as an empty form value is "not given".
    expect({ ...data }).toEqual({
      email: null,
      age: 37,
      agree: false,
      tags: ['a', 'c'],
      extra: [1, 'two'],
      note: 'hello',
    })
  })

  test('text that is no value stays as typed for the server to refuse; broken JSON is caught here', () => {
    expect(valueOfTexts(FIELDS[1], ['old'])).toEqual({ value: 'old' })
    expect(valueOfTexts(FIELDS[4], ['{oops'])).toEqual({
      problem: 'Enter JSON, like {"key": "value"}, ["a", "b"] or "text" in quotes',
    })
    expect(valueOfTexts(FIELDS[4], ['  '])).toEqual({ value: null })
    // An auto-created field's type is a hint: its text is read as a new key's would be.
    expect(valueOfTexts(FIELDS[6], ['007'])).toEqual({ value: '007' })
    expect(valueOfTexts(FIELDS[6], ['7'])).toEqual({ value: 7 })
  })
})

/** A Map-backed store, and one that refuses to write (a full quota, private browsing). */
function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

describe('hidden columns per app', () => {
  test('are remembered per app, and forgotten when all are shown again', () => {
    const store = memoryStore()
    saveHidden(store, 'app1', new Set(['email', '__proto__']))
    expect(loadHidden(store, 'app1')).toEqual(new Set(['email', '__proto__']))
    expect(loadHidden(store, 'app2')).toEqual(new Set())
    saveHidden(store, 'app1', new Set())
    expect(store.items.size).toBe(0)
  })

  test('storage that holds nonsense, throws or is missing hides nothing and breaks nothing', () => {
    const store = memoryStore()
    store.items.set('svc:records:hidden:app1', '{not json')
    expect(loadHidden(store, 'app1')).toEqual(new Set())
    store.items.set('svc:records:hidden:app1', '[1, "a"]')
    expect(loadHidden(store, 'app1')).toEqual(new Set(['a']))
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {},
    }
    expect(loadHidden(refusing, 'app1')).toEqual(new Set())
    expect(() => saveHidden(refusing, 'app1', new Set(['a']))).not.toThrow()
    expect(loadHidden(null, 'app1')).toEqual(new Set())
  })
})
