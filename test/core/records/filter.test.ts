/**
 * The records filter's parser: the tree each syntax gives, and the 400 each mistake gets,
 * word for word (the message is what tells the owner what to fix).
 */
import { describe, expect, test } from 'bun:test'
import { FILTER_LIMITS, parseFilter } from '../../../server/core/records/filter.ts'
import type { AppError } from '../../../server/contract/errors.ts'

const FIELDS = ['city', 'age', 'consent', 'first name', 'created', 'tags']

describe('parseFilter', () => {
  const trees: Array<[string, unknown]> = [
    ["city = 'Paris'", { on: 'field', name: 'city', op: '=', value: 'Paris' }],
    ['city = "Pa\\"ris"', { on: 'field', name: 'city', op: '=', value: 'Pa"ris' }],
    ["city != 'Paris'", { not: { on: 'field', name: 'city', op: '=', value: 'Paris' } }],
    ['age >= 18.5', { on: 'field', name: 'age', op: '>=', value: 18.5 }],
    ['age < -3', { on: 'field', name: 'age', op: '<', value: -3 }],
    ['consent = true', { on: 'field', name: 'consent', op: '=', value: true }],
    ['age = null', { on: 'field', name: 'age', op: 'missing' }],
    ['age != null', { not: { on: 'field', name: 'age', op: 'missing' } }],
    ["`first name` ~ 'ad'", { on: 'field', name: 'first name', op: '~', value: 'ad' }],
    ["tags !~ 'x'", { not: { on: 'field', name: 'tags', op: '~', value: 'x' } }],
    ["created >= '2026-01-31'", { on: 'created', op: '>=', value: Date.UTC(2026, 0, 31) }],
    ["created < '2026-01-31T14:30'", { on: 'created', op: '<', value: Date.UTC(2026, 0, 31, 14, 30) }],
    [
      "created < '2026-01-31T14:30:05.250+02:00'",
      { on: 'created', op: '<', value: Date.UTC(2026, 0, 31, 12, 30, 5, 250) },
    ],
    ["`created` = 'yesterday'", { on: 'field', name: 'created', op: '=', value: 'yesterday' }],
    ["id = 'abc'", { on: 'id', op: '=', value: 'abc' }],
    ["id != 'abc'", { not: { on: 'id', op: '=', value: 'abc' } }],
    [
      "city = 'Paris' && (age >= 18 || consent = true) && created >= '2026-01-01'",
      {
        all: [
          { on: 'field', name: 'city', op: '=', value: 'Paris' },
          {
            any: [
              { on: 'field', name: 'age', op: '>=', value: 18 },
              { on: 'field', name: 'consent', op: '=', value: true },
            ],
          },
          { on: 'created', op: '>=', value: Date.UTC(2026, 0, 1) },
        ],
      },
    ],
    // && binds tighter than ||.
    [
      'age = 1 || age = 2 && city = 3',
      {
        any: [
          { on: 'field', name: 'age', op: '=', value: 1 },
          {
            all: [
              { on: 'field', name: 'age', op: '=', value: 2 },
              { on: 'field', name: 'city', op: '=', value: 3 },
            ],
          },
        ],
      },
    ],
  ]
  test.each(trees)('%s', (text, tree) => {
    expect(parseFilter(text, FIELDS)).toEqual(tree as never)
  })

  const mistakes: Array<[string, string]> = [
    ['', 'filter: it is empty; write comparisons like age >= 18, joined by && or ||'],
    [
      'ag = 1',
      'filter: this app has no field "ag"; its fields: city, age, consent, `first name`, created, tags (and created, id) (at character 1)',
    ],
    ['age >', "filter: expected a value after age >: 'text', a number, true, false or null (at character 5)"],
    ['age 18', 'filter: expected an operator (=, !=, >, >=, <, <=, ~, !~) after age, got 18 (at character 5)'],
    ['age = 1 city = 2', 'filter: expected && or || before city (at character 9)'],
    ['age = 1 &&', 'filter: it ends where a comparison should follow && or ||'],
    ['(age = 1', 'filter: a ( is never closed (at character 1)'],
    ['(age = 1 age', 'filter: expected ) before age (at character 10)'],
    ["city = 'Paris", "filter: the text starting with ' has no closing ' (at character 8)"],
    ['`city = 1', 'filter: the field name starting with ` has no closing ` (at character 1)'],
    ['age = 1 @ 2', 'filter: unexpected "@"; write comparisons like age >= 18, joined by && or || (at character 9)'],
    [
      "created ~ '2026'",
      "filter: created takes =, !=, >, >=, <, <= and a date in quotes, like created >= '2026-01-01' (at character 1)",
    ],
    [
      "created > 'last week'",
      "filter: created compares with a date like '2026-01-31' or a time like '2026-01-31T14:00:00Z', got last week (at character 11)",
    ],
    [
      "created > '2026-02-30'",
      "filter: created compares with a date like '2026-01-31' or a time like '2026-01-31T14:00:00Z', got 2026-02-30 (at character 11)",
    ],
    ['id = 5', 'filter: id takes = or != and a record id in quotes (at character 1)'],
    ['age > null', 'filter: null goes with = or != only (age = null: the field is missing) (at character 7)'],
    ['age ~ 5', "filter: ~ takes text in quotes, like age ~ 'abc' (at character 7)"],
    ['consent > true', 'filter: true and false go with = or != only (at character 11)'],
    ['18 = age', 'filter: expected a field name, created or id, got 18 (at character 1)'],
  ]
  test.each(mistakes)('%p is a 400', (text, message) => {
    let error: AppError | undefined
    try {
      parseFilter(text, FIELDS)
    } catch (e) {
      error = e as AppError
    }
    expect(error).toMatchObject({ status: 400, type: 'bad_request', message })
  })

  test('an app without fields says so', () => {
    expect(() => parseFilter('x = 1', [])).toThrow(
      'filter: this app has no field "x"; its fields: none yet (and created, id) (at character 1)',
    )
  })

  test('bounds: length, comparisons and nesting', () => {
    expect(() => parseFilter(`age = ${'1'.repeat(FILTER_LIMITS.length)}`, FIELDS)).toThrow(
      `filter: at most ${FILTER_LIMITS.length} characters, got ${FILTER_LIMITS.length + 6}`,
    )
    const many = Array.from({ length: FILTER_LIMITS.tests + 1 }, (_, i) => `age = ${i}`).join(' || ')
    expect(() => parseFilter(many, FIELDS)).toThrow(`filter: at most ${FILTER_LIMITS.tests} comparisons`)
    expect(parseFilter(many.split(' || ').slice(0, FILTER_LIMITS.tests).join(' || '), FIELDS)).toMatchObject({
      any: expect.any(Array),
    })
    const deep = `${'('.repeat(FILTER_LIMITS.depth + 1)}age = 1${')'.repeat(FILTER_LIMITS.depth + 1)}`
    expect(() => parseFilter(deep, FIELDS)).toThrow(
      `filter: parentheses nest at most ${FILTER_LIMITS.depth} deep (at character ${FILTER_LIMITS.depth + 1})`,
    )
  })
})
