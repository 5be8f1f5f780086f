/**
 * @module What the public summary may show (the one read with the endpoint token alone):
 * a value only when at least k records gave it (k-anonymity, `summaryMinRespondents` per
 * app), never an e-mail address, and a number's min, max, mean and sum only when at least
 * k records hold a number, since the smallest and largest values are someone's answers.
 * The owner's reads (access token, admin page, CLI, MCP) are not filtered.
 *
 * Records stand in for respondents: one person who posts twice counts twice, which is
 * why the floor is 3 and the default 5 rather than 2.
 */
import { fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'

/** Something written like an e-mail address anywhere in the text (looser than the `email` type's check, on purpose). */
const EMAIL_INSIDE = /[^\s@<>()]+@[^\s@<>().]+\.[^\s@<>()]+/

/** Whether a value may be listed, given how many records gave it. */
export type ValueFilter = (value: string, count: number) => boolean

/** Lists every value: the owner's summary. */
export const everyValue: ValueFilter = () => true

/**
 * The values the public summary of a `type` field lists at `minRespondents`: none for a
 * type whose values name a person (e-mail), else those given at least `minRespondents`
 * times that hold no e-mail address.
 */
export function publicValues(type: FieldType, minRespondents: number): ValueFilter {
  if (fieldTypeSpec(type).identifying) return () => false
  return (value, count) => count >= minRespondents && !EMAIL_INSIDE.test(value)
}

/** True when a number's min, max, mean and sum may be shown to the public: enough records hold one. */
export const publicNumbers = (numbers: number, minRespondents: number): boolean => numbers >= minRespondents
