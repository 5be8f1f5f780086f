import { describe, expect, test } from 'bun:test'
import type { Field, SvcRecord } from '../../admin/api.ts'
import type { FieldType } from '../../server/contract/fields/types/index.ts'
import {
  columnsOf,
  readableValue,
  scoreColumnsOf,
  scoreText,
  recordValue,
} from '../../admin/components/svc-records/columns.ts'
import { cellText, truncate } from '../../admin/format.ts'

const field = (name: string, type: FieldType): Field => ({
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
})
const record = (data: Record<string, unknown>): SvcRecord => ({
  id: 'r',
  data,
  meta: {},
  createdAt: '2026-01-01T00:00:00.000Z',
})

describe('records table columns', () => {
  test('fields in field order first, then keys seen on the page in first-seen order', () => {
    const fields = [field('b', 'text'), field('a', 'number')]
    const records = [record({ a: 1, z: 1 }), record({ y: 2, b: 'x', z: 3 })]
    expect(columnsOf(fields, records)).toEqual([
      { name: 'b', label: 'b', field: fields[0] },
      { name: 'a', label: 'a', field: fields[1] },
      { name: 'z', label: 'z', field: null },
      { name: 'y', label: 'y', field: null },
    ])
  })

  test("a field's column reads as its label (spaces trimmed), or its name when it has none", () => {
    const fields = [
      { ...field('email', 'email'), label: 'E-mail address' },
      { ...field('n', 'number'), label: '  ' },
    ]
    expect(columnsOf(fields, []).map(({ name, label }) => ({ name, label }))).toEqual([
      { name: 'email', label: 'E-mail address' },
      { name: 'n', label: 'n' },
    ])
  })

  test('a missing key is undefined (an empty cell), never a prototype member; __proto__ is an ordinary key', () => {
    const data = JSON.parse('{"__proto__":"p","constructor":null}')
    const r = record(data)
    expect(columnsOf([], [r]).map((c) => c.name)).toEqual(['__proto__', 'constructor'])
    expect(recordValue(r, '__proto__')).toBe('p')
    expect(recordValue(r, 'constructor')).toBeNull()
    expect(recordValue(record({}), 'toString')).toBeUndefined()
    expect(recordValue(record({}), 'constructor')).toBeUndefined()
  })

  test.each([
    [undefined, ''],
    ['text', 'text'],
    ['', ''],
    [0, '0'],
    [false, 'false'],
    [null, 'null'],
    [{ a: [1, 'x'] }, '{"a":[1,"x"]}'],
  ])('cellText(%p) is %p', (value, text) => expect(cellText(value)).toBe(text))

  test('truncate keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('abc', 3)).toBe('abc')
    expect(truncate('abcd', 3)).toBe('ab…')
  })
})

describe('score columns', () => {
  const scored = (scores: SvcRecord['scores']): SvcRecord => ({ ...record({}), scores })
  test('the scales scored on the page, in first-seen order; none for a plain form', () => {
    const page = [
      scored({ mood: { score: 7, level: 'good', levelLabel: 'Good' } }),
      record({}),
      scored({
        sleep: { score: 3, level: null, levelLabel: null },
        mood: { score: 2, level: 'low', levelLabel: 'Low' },
      }),
    ]
    expect(scoreColumnsOf(page)).toEqual(['mood', 'sleep'])
    expect(scoreColumnsOf([record({ a: 1 })])).toEqual([])
  })

  test.each([
    ['a score with its level label', { mood: { score: 7, level: 'good', levelLabel: 'Good' } }, '7 · Good'],
    ['a level without a label shows its key', { mood: { score: 7, level: 'good', levelLabel: null } }, '7 · good'],
    ['a score in no level', { mood: { score: 3.5, level: null, levelLabel: null } }, '3.5'],
    ['unscored (missing answers)', { mood: { score: null, level: null, levelLabel: null } }, ''],
    ['another scale only', { sleep: { score: 1, level: null, levelLabel: null } }, ''],
    ['no scores at all', undefined, ''],
  ])('%s', (_, scores, text) => {
    expect(scoreText(scored(scores as SvcRecord['scores']), 'mood')).toBe(text)
  })
})

describe('values as the owner reads them', () => {
  test.each([
    ['a boolean by its choice label', field('agree', 'boolean'), true, 'Yes'],
    ['false too', field('agree', 'boolean'), false, 'No'],
    ['a true that is no boolean field stays a value', null, true, true],
    ['a list of plain values joined', field('tags', 'multichoice'), ['news', 'events'], 'news, events'],
    ['numbers and null in a list', null, [1, null, 'x'], '1, null, x'],
    ['an empty list stays a list', null, [], []],
    ['a list holding an object stays as it is', null, [{ a: 1 }], [{ a: 1 }]],
    ['text as it is', field('note', 'text'), 'true', 'true'],
  ])('%s', (_, column, value, shown) => {
    expect(readableValue(column, value)).toEqual(shown)
  })
})
