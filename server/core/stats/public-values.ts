/**
 * @module What the public summary may show (the one read with the endpoint token alone), so
 * that no figure gives one person away (docs/design.md, "The public summary"):
 * - a value only when at least k records gave it and at least k clients other than the reader
 *   (`min(k, LIMITS.summaryDistinctClients − 1)`; clients.ts), never an e-mail address — so
 *   posting k−1 copies of a guess tells nothing, and puts nothing on the results;
 * - a number's sum and mean only over its numbers up to the last multiple of
 *   `LIMITS.summaryPublicStep`, to `LIMITS.summaryPublicDigits` significant digits, once k
 *   clients gave one (the difference between two polls is then never one answer); min and
 *   max never (each is somebody's answer);
 * - times to the day, and a day's count only when it reaches k.
 * `k` is `summaryMinRespondents` per app. The owner's reads (access token, admin page, CLI,
 * MCP) are not filtered.
 */
import { fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'
import { LIMITS } from '../../contract/limits.ts'
import { clientsNeeded, clientTag, othersThan } from './clients.ts'
import { submitterKey } from '../collect/submitter.ts'
import type { NumberStats } from './aggregate.ts'

/** Something written like an e-mail address anywhere in the text (looser than the `email` type's check, on purpose). */
const EMAIL_INSIDE = /[^\s@<>()]+@[^\s@<>().]+\.[^\s@<>()]+/

/** Whether a value may be listed, given how many records gave it and the tags of the clients that did. */
export type ValueFilter = (value: string, count: number, clients: readonly string[] | undefined) => boolean

/** Lists every value: the owner's summary. */
export const everyValue: ValueFilter = () => true

/** Who reads the public summary: the app's k, and the reader's client tag (null: not known). */
export interface PublicReader {
  minRespondents: number
  client: string | null
}

/** The public reader of app `appId` at `address` (null: not known) when the app's k is `minRespondents`. */
export const publicReader = (appId: string, minRespondents: number, address: string | null): PublicReader => ({
  minRespondents,
  client: clientTag(appId, submitterKey(address)),
})

/** True when at least k records and k other clients are behind a figure. */
export const enoughPeople = (reader: PublicReader, records: number, clients: readonly string[] | undefined): boolean =>
  records >= reader.minRespondents && othersThan(clients, reader.client) >= clientsNeeded(reader.minRespondents)

/**
 * The values the public summary of a `type` field lists for `reader`: none for a type whose
 * values name a person (e-mail), else those enough people gave that hold no e-mail address.
 */
export function publicValues(type: FieldType, reader: PublicReader): ValueFilter {
  if (fieldTypeSpec(type).identifying) return () => false
  return (value, count, clients) => enoughPeople(reader, count, clients) && !EMAIL_INSIDE.test(value)
}

const rounded = (value: number) => Number(value.toPrecision(LIMITS.summaryPublicDigits))

/** A number field's public sum and mean (null: not enough numbers or people yet); min and max are never public. */
export function publicNumbers(
  numbers: NumberStats,
  reader: PublicReader,
  clients: readonly string[],
): { sum: number | null; mean: number | null } {
  const published = numbers.published
  if (!published || !enoughPeople(reader, numbers.count, clients)) return { sum: null, mean: null }
  return { sum: rounded(published.sum), mean: rounded(published.sum / published.count) }
}

/** A scale's public mean: over its scores up to the last step, rounded, once k records have one (else null). */
export function publicScoreMean(
  published: { count: number; sum: number } | null,
  count: number,
  reader: PublicReader,
): number | null {
  return published && count >= reader.minRespondents ? rounded(published.sum / published.count) : null
}

/** A day's public count: 0 below k. */
export const publicDayCount = (count: number, reader: PublicReader): number =>
  count >= reader.minRespondents ? count : 0

/** A time as the public summary shows it: the start of its UTC day. */
export const publicTime = (time: number): number => time - (((time % 86_400_000) + 86_400_000) % 86_400_000)
