import { expect, test } from 'bun:test'
import { json } from '../../../../server/contract/fields/types/json.ts'

test('json: any value, unchecked; a form keeps the text it sends; a textarea checked as JSON on the page', () => {
  expect([json.check({ a: [1] }, null), json.check(3, null), json.check('x', null)]).toEqual([null, null, null])
  expect(json.form.coerce('{"a":1}')).toBe('{"a":1}')
  expect(json.form.texts({ a: 1 })).toEqual(['{"a":1}'])
  expect(json.form.keepsEmpty).toBe(true)
  expect(json.control).toEqual({ kind: 'textarea', json: true })
  expect([json.previewAnswer({ name: 'x', label: '', options: null }), json.summary, json.scoring]).toEqual([
    undefined,
    null,
    null,
  ])
})
