import { expect, test } from 'bun:test'
import { email } from '../../../../server/contract/fields/types/email.ts'

test('email: an address as loose as browsers check it; an email input that autocompletes', () => {
  expect([email.check('ada+x@mail.example.org', null), email.check('a@b', null), email.check('a b@c.d', null)]).toEqual(
    [null, 'must be an e-mail address, got string "a@b"', 'must be an e-mail address, got string "a b@c.d"'],
  )
  expect(email.control).toEqual({ kind: 'input', type: 'email', autocomplete: 'email' })
  expect([email.summary, email.scoring]).toEqual(['values', null])
})
