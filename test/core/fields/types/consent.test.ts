import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { consent, isConsentAnswer } from '../../../../server/contract/fields/types/consent.ts'

const REFUSED = (got: string) =>
  `must be true (agreeing to the field's label) or a stored {"agreed": true, "text": "…"}, got ${got}`
const TERMS = { name: 'terms', label: 'I agree to the terms' }

test('consent: true, or the stored answer; anything else is refused', () => {
  expect([consent.check(true, null), consent.check({ agreed: true, text: 'I agree' }, null)]).toEqual([null, null])
  expect([
    consent.check(false, null),
    consent.check('I agree', null),
    consent.check({ agreed: false, text: 'I agree' }, null),
    consent.check({ agreed: true }, null),
    consent.check({ agreed: true, text: 'I agree', at: 1 }, null),
  ]).toEqual([
    REFUSED('boolean false'),
    REFUSED('string "I agree"'),
    REFUSED('an object'),
    REFUSED('an object'),
    REFUSED('an object'),
  ])
  expect(isConsentAnswer({ text: 'x', agreed: true })).toBe(true)
})

test('consent: stored with the text agreed to (the label, or the name without one); a stored answer keeps its own', () => {
  expect([
    consent.store?.(true, TERMS),
    consent.store?.(true, { name: 'terms', label: '' }),
    consent.store?.({ agreed: true, text: 'Version 1' }, TERMS),
  ]).toEqual([
    { agreed: true, text: 'I agree to the terms' },
    { agreed: true, text: 'terms' },
    { agreed: true, text: 'Version 1' },
  ])
  // The CSV cell is the text agreed to.
  expect([consent.csvText?.({ agreed: true, text: 'Version 1' }), consent.csvText?.('other')]).toEqual([
    'Version 1',
    undefined,
  ])
})

test('consent: one checkbox posting true, always required; a form reads true/on/yes/1', () => {
  expect(consent.control).toEqual({ kind: 'checkbox', value: 'true' })
  expect(consent.alwaysRequired).toBe(true)
  expect(['true', 'on', ' YES ', '1', 'false', ''].map((text) => consent.form.coerce(text, LIMITS))).toEqual([
    true,
    true,
    true,
    true,
    'false',
    '',
  ])
  expect([consent.form.texts(true), consent.form.texts({ agreed: true, text: 'x' })]).toEqual([['true'], ['true']])
  expect(consent.respondent).toEqual({ missing: 'Select the box to agree', invalid: 'Select the box to agree' })
  expect([consent.summary, consent.scoring]).toEqual([null, null])
})
