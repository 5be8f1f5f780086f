import { expect, test } from 'bun:test'
import { file } from '../../../../server/contract/fields/types/file.ts'

const STORED = { id: 'f1', name: 'cv.pdf', size: 12, type: 'application/pdf', sha256: 'ab'.repeat(32) }

test('file: a reference to an upload or the stored file object, one or several; a file input; never from form text', () => {
  expect([
    file.check({ file: 'f1' }, null),
    file.check([{ file: 'f1' }, STORED], null),
    file.check(STORED, null),
    file.check('cv.pdf', null),
    file.check([], null),
    file.check({ file: 'f1', name: 'x' }, null),
  ]).toEqual([
    null,
    null,
    null,
    'must be a file (a form sends one only with enctype="multipart/form-data"; JSON names an uploaded file as {"file": "<id>"}), got string "cv.pdf"',
    'must be a file (a form sends one only with enctype="multipart/form-data"; JSON names an uploaded file as {"file": "<id>"}), got an array',
    'must be a file (a form sends one only with enctype="multipart/form-data"; JSON names an uploaded file as {"file": "<id>"}), got an object',
  ])
  expect(file.control).toEqual({ kind: 'input', type: 'file' })
  expect(file.form.texts(STORED)).toEqual([])
  expect([file.summary, file.scoring, file.identifying]).toEqual([null, null, false])
})
