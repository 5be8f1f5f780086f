/**
 * The one reading of choice options typed as text (server/contract/fields/options-text.ts),
 * shared by `svc-cli field add --options` and the admin's options box: a single line splits
 * on commas, several lines are one option each, a JSON array is taken as it is.
 */
import { describe, expect, test } from 'bun:test'
import { splitOptions } from '../../../server/contract/fields/options-text.ts'

describe('splitOptions', () => {
  test.each([
    ['Yes, No, Maybe', ['Yes', 'No', 'Maybe']],
    ['free,pro', ['free', 'pro']],
    ['Yes, I will come\nNo, sorry', ['Yes, I will come', 'No, sorry']],
    ['a\r\n\r\nb\n', ['a', 'b']],
    ['["a, b", "c"]', ['a, b', 'c']],
    ['one', ['one']],
    ['', []],
    [' , ,', []],
  ])('%j → %j', (text, options) => {
    expect(splitOptions(text)).toEqual({ options })
  })

  test('JSON that does not parse, or is no array of strings, says what is wrong', () => {
    expect(splitOptions('[a, b')).toEqual({
      problem: 'looks like JSON but does not parse; use `a,b,c` or a JSON array of strings',
    })
    expect(splitOptions('[1, 2]')).toEqual({ problem: 'as JSON must be an array of strings' })
  })
})
