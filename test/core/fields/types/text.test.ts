import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { text } from '../../../../server/contract/fields/types/text.ts'

test('text: any string; "" from a form is an answer; a one-line input', () => {
  expect([text.check('x', null), text.check('', null), text.check(3, null), text.check(['a'], null)]).toEqual([
    null,
    null,
    'must be text, got number 3',
    'must be text, got an array',
  ])
  expect(text.form).toEqual({
    keepsEmpty: true,
    multiple: false,
    coerce: expect.any(Function),
    texts: expect.any(Function),
  })
  expect(['007', ' 1 ', 'true'].map((answer) => text.form.coerce(answer, LIMITS))).toEqual(['007', ' 1 ', 'true'])
  expect(text.control).toEqual({ kind: 'input', type: 'text' })
  expect([
    text.previewAnswer({ name: 'name', label: '', options: null }),
    text.previewAnswer({ name: 'q', label: 'Why?', options: null }),
  ]).toEqual(['Sam', 'Sample Why?'])
  expect([text.summary, text.scoring]).toEqual(['values', null])
})
