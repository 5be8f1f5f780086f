/**
 * Which owner patterns are taken (contract/fields/pattern.ts): the ones people write for codes,
 * phone numbers and addresses are; any that could backtrack without bound on a stranger's
 * answer are not, whether the repeated group holds a quantifier, an alternation or a group
 * that does. Characters inside a class or escaped are no structure.
 */
import { describe, expect, test } from 'bun:test'
import { patternProblem } from '../../../server/contract/fields/pattern.ts'

const NESTED =
  'cannot repeat a group that holds a quantifier or | (like (a+)+ or (a|b)*): matching could take exponential time; repeat a character class instead, e.g. [ab]*'

describe('patterns an owner may set', () => {
  test.each([
    '[A-Z]{2}[0-9]{4}',
    '^\\+?[0-9 ()-]{6,20}$',
    '(https?://)?[a-z0-9.-]+\\.[a-z]{2,}',
    '(\\d{3}-)?\\d{4}',
    '(?:Mr|Ms|Dr)\\.? [A-Z][a-z]+',
    '[(a+)+]*',
    '\\(a+\\)+',
    '\\p{L}+',
    '(ab)+',
  ])('%s is taken', (pattern) => {
    expect(patternProblem(pattern)).toBeNull()
  })

  test.each([['(a+)+$'], ['(a*)*b'], ['(a|aa)+'], ['((ab)+c)*'], ['(?:x+y){2,}'], ['(a?|b)*'], ['([a-z]+\\.)+com']])(
    '%s is refused',
    (pattern) => {
      expect(patternProblem(pattern)).toBe(NESTED)
    },
  )

  test('an empty pattern, a lone brace and a backreference by name are refused', () => {
    expect(patternProblem('')).toBe('cannot be empty')
    expect(patternProblem('a{2')).toStartWith('is not a valid regular expression (with the u flag): ')
    expect(patternProblem('(?<x>a)\\k<x>')).toBe(
      'cannot use a backreference (\\1, \\k<name>): it can make matching take exponential time',
    )
  })
})
