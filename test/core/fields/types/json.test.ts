import { expect, test } from 'bun:test'
import { json, UnreadJsonText } from '../../../../server/contract/fields/types/json.ts'
import type { FormLimits } from '../../../../server/contract/fields/types/spec.ts'
import { LIMITS } from '../../../../server/contract/limits.ts'

/** What JSON.parse says about `text`. */
function parseError(text: string): string {
  try {
    JSON.parse(text)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${text} is JSON`)
}

test('json: any value, unchecked; a textarea checked as JSON on the page', () => {
  expect([json.check({ a: [1] }, null), json.check(3, null), json.check('x', null)]).toEqual([null, null, null])
  expect(json.form.keepsEmpty).toBe(true)
  expect(json.control).toEqual({ kind: 'textarea', json: true })
  expect([json.previewAnswer({ name: 'x', label: '', options: null }), json.summary, json.scoring]).toEqual([
    undefined,
    null,
    null,
  ])
})

test("from a form, the text is read as JSON; texts are coerce's inverse, a string included", () => {
  const read = (text: string) => json.form.coerce(text, LIMITS)
  expect(['{"a":1}', ' [1, "two", null] ', '42', '"hello"', 'true', 'null'].map(read)).toEqual([
    { a: 1 },
    [1, 'two', null],
    42,
    'hello',
    true,
    null,
  ])
  // Blank text is "not given" as for the text types: kept as typed, never JSON-parsed.
  expect(['', '  '].map(read)).toEqual(['', '  '])
  for (const value of [{ a: [1, { b: 'c' }] }, 'hello', 7.5, false, null])
    expect(read(json.form.texts(value)[0])).toEqual(value)
  expect(json.form.texts({ a: 1 })).toEqual(['{"a":1}'])
  expect(json.form.texts('hello')).toEqual(['"hello"'])
})

test('text the server cannot take as JSON is refused by the check, saying why', () => {
  const refusal = (text: string, limits: FormLimits = LIMITS) => json.check(json.form.coerce(text, limits), null)
  expect(json.form.coerce('{oops', LIMITS)).toBeInstanceOf(UnreadJsonText)
  expect(refusal('{oops')).toBe(`must be JSON such as {"key": "value"}, got string "{oops" (${parseError('{oops')})`)
  expect(refusal('hello')).toBe(`must be JSON such as {"key": "value"}, got string "hello" (${parseError('hello')})`)
  // Nesting: the value sits one level inside the record, so it may use one level less than the server's limit.
  expect(refusal('[[1]]', { maxDepth: 3 })).toBeNull()
  expect(refusal('[[[1]]]', { maxDepth: 3 })).toBe(
    'must be JSON such as {"key": "value"}, got string "[[[1]]]" (nested more than 2 levels deep)',
  )
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
  expect(refusal(deep)).toBe(
    `must be JSON such as {"key": "value"}, got string "${'['.repeat(80)}…" (nested more than ${LIMITS.maxDepth - 1} levels deep)`,
  )
  // A number a double cannot hold is refused, not stored as null or rounded.
  expect(refusal('{"big": 1e400}')).toBe(
    'must be JSON such as {"key": "value"}, got string "{\\"big\\": 1e400}" (the number 1e400 is too large for a number; send it as a string)',
  )
  expect(refusal('[12345678901234567890]')).toBe(
    'must be JSON such as {"key": "value"}, got string "[12345678901234567890]" (the number 12345678901234567890 is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string)',
  )
})
