import { describe, expect, test } from 'bun:test'
import { parseJsonBody } from '../../../server/core/collect/json.ts'
import { toSubmission } from '../../../server/core/collect/shape.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import {
  checkValue,
  coerceAutoText,
  coerceFormValues,
  inferType,
  isIsoDate,
  type FieldRule,
} from '../../../server/core/fields/values.ts'

const rule = (type: FieldRule['type'], extra: Partial<FieldRule> = {}): FieldRule => ({
  name: 'f',
  type,
  required: false,
  options: null,
  autoCreated: false,
  ...extra,
})

describe('coerceAutoText (rule 9: canonical decimals only)', () => {
  const cases: Array<[string, string | number]> = [
    ['-12.5', -12.5],
    ['0', 0],
    ['42', 42],
    ['0.25', 0.25],
    ['-0', -0],
    ['007', '007'],
    ['1e5', '1e5'],
    ['+3', '+3'],
    ['1.', '1.'],
    ['.5', '.5'],
    ['', ''],
    [' 1', ' 1'],
    ['1_000', '1_000'],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', '9007199254740993'],
    ['0x10', '0x10'],
    ['Infinity', 'Infinity'],
  ]
  for (const [text, expected] of cases) test(JSON.stringify(text), () => expect(coerceAutoText(text)).toBe(expected))
})

describe('coerceFormValues', () => {
  test('defined types decide; empties of typed fields are left out', () => {
    expect(coerceFormValues(rule('number'), [' 1e3 '], LIMITS)).toBe(1000)
    expect(coerceFormValues(rule('number'), ['abc'], LIMITS)).toBe('abc')
    expect(coerceFormValues(rule('number'), [''], LIMITS)).toBeUndefined()
    expect(coerceFormValues(rule('boolean'), ['ON'], LIMITS)).toBe(true)
    expect(coerceFormValues(rule('boolean'), ['no'], LIMITS)).toBe(false)
    expect(coerceFormValues(rule('multichoice'), [], LIMITS)).toEqual([])
    expect(coerceFormValues(rule('multichoice'), ['a', ''], LIMITS)).toEqual(['a'])
    expect(coerceFormValues(rule('text'), ['007'], LIMITS)).toBe('007')
    expect(coerceFormValues(rule('text'), [''], LIMITS)).toBe('')
    expect(coerceFormValues(rule('longtext'), [''], LIMITS)).toBe('')
    expect(coerceFormValues(rule('longtext'), ['line 1\r\nline 2'], LIMITS)).toBe('line 1\r\nline 2')
    expect(coerceFormValues(rule('text'), ['a', 'b'], LIMITS)).toEqual(['a', 'b'])
    expect(coerceFormValues(rule('number', { autoCreated: true }), ['x', '2'], LIMITS)).toEqual(['x', 2])
    expect(coerceFormValues(undefined, ['5'], LIMITS)).toBe(5)
  })
})

describe('checkValue', () => {
  const cases: Array<[FieldRule, unknown, string | null]> = [
    [rule('text'), 'x', null],
    [rule('text'), null, null],
    [rule('longtext'), 'two\nlines', null],
    [rule('longtext'), 3, 'must be text, got number 3'],
    [rule('number'), Number.NaN, 'must be a number, got number NaN'],
    [rule('choice', { options: null }), 'anything', null],
    [rule('multichoice', { options: ['a'] }), 'a', 'must be an array of option texts, got string "a"'],
    [rule('date'), '2024-02-29', null],
    [
      rule('date'),
      '2023-02-29',
      'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "2023-02-29"',
    ],
    [
      rule('date'),
      '2026-01-31T24:00:00Z',
      'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "2026-01-31T24:00:00Z"',
    ],
    [rule('email'), 'a@b', 'must be an e-mail address, got string "a@b"'],
    [rule('email'), 'ada+x@mail.example.org', null],
    [rule('json'), { any: 1 }, null],
    [rule('boolean'), {}, 'must be true or false, got an object'],
  ]
  for (const [field, value, expected] of cases)
    test(`${field.type} ${JSON.stringify(value)}`, () => expect(checkValue(field, value)).toBe(expected))

  test('isIsoDate accepts offsets and fractions', () => {
    expect(['2026-01-31T09:30:00.123+02:00', '2026-01-31 09:30', '2026-12-31T23:59:59Z'].map(isIsoDate)).toEqual([
      true,
      true,
      true,
    ])
    expect(['2026-1-31', '31.01.2026', '2026-13-01'].map(isIsoDate)).toEqual([false, false, false])
  })

  test('inferType', () => {
    expect(['s', 1, true, [1], { a: 1 }, null].map(inferType)).toEqual([
      'text',
      'number',
      'boolean',
      'json',
      'json',
      'json',
    ])
  })
})

describe('parseJsonBody and toSubmission', () => {
  const error = (fn: () => unknown) => {
    try {
      fn()
    } catch (e) {
      return e instanceof AppError ? [e.status, e.type] : ['not an AppError', String(e)]
    }
    return null
  }

  test('inexact integers are refused wherever they are; strings with digits are not numbers', () => {
    expect(error(() => parseJsonBody('{"a":[1,{"b":-9007199254740993}]}', 32))).toEqual([422, 'invalid_value'])
    expect(error(() => parseJsonBody('{"a":1e400}', 32))).toEqual([422, 'invalid_value'])
    expect(parseJsonBody('{"a":"12345678901234567890","b\\"":1}', 32)).toEqual({ a: '12345678901234567890', 'b"': 1 })
    // biome-ignore lint/correctness/noPrecisionLoss: the literal loses the same digits JSON.parse does
    expect(parseJsonBody('{"a":0.1234567890123456789}', 32)).toEqual({ a: 0.1234567890123456789 })
  })

  test('depth counts brackets outside strings only', () => {
    expect(parseJsonBody('{"a":"[[[[[[[[[[[["}', 2)).toEqual({ a: '[[[[[[[[[[[[' })
    expect(error(() => parseJsonBody('{"a":[[1]]}', 2))).toEqual([413, 'too_large'])
  })

  test('canonical vs flat', () => {
    expect(toSubmission({ data: { a: 1 } })).toEqual({ data: { a: 1 }, meta: {} })
    expect(toSubmission({ data: { a: 1 }, extra: 1 })).toEqual({ data: { data: { a: 1 }, extra: 1 }, meta: {} })
    expect(toSubmission({ meta: {} })).toEqual({ data: { meta: {} }, meta: {} })
    expect(toSubmission({ data: null })).toEqual({ data: { data: null }, meta: {} })
    expect(error(() => toSubmission([]))).toEqual([400, 'bad_request'])
  })
})
