import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { longtext } from '../../../../server/contract/fields/types/longtext.ts'

test('longtext: text whose line breaks are kept as sent; a textarea', () => {
  expect([longtext.check('a\r\nb', null), longtext.check(1, null)]).toEqual([null, 'must be text, got number 1'])
  expect(longtext.form.coerce('line 1\r\nline 2', LIMITS)).toBe('line 1\r\nline 2')
  expect(longtext.form.keepsEmpty).toBe(true)
  expect(longtext.control).toEqual({ kind: 'textarea', json: false })
  expect(longtext.example(null)).toBe('Hello,\nseveral lines are fine here.')
  expect([longtext.summary, longtext.scoring]).toEqual(['values', null])
})
