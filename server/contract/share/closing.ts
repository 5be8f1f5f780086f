/**
 * @module When a form stops taking responses (issue 45, limits): closed by hand, once it
 * holds `closeAfter` records, or from `closesAt` on. One pure rule for the share view, the
 * ingest gate, the fill-in page and ?help; the count is checked again inside the storing
 * transaction (storage/records.ts `RecordJob.limits`), where it is exact.
 */
import { AppError } from '../errors.ts'

/** The settings that close a form. */
export interface Closing {
  closed: boolean
  closeAfter: number | null
  /** Epoch ms; null for never. */
  closesAt: number | null
}

/** Why a form is closed now, or null while it takes responses; `records` is its non-spam record count (null: not known). */
export function closedBy(closing: Closing, now: number, records: number | null): 'hand' | 'date' | 'count' | null {
  if (closing.closed) return 'hand'
  if (closing.closesAt !== null && now >= closing.closesAt) return 'date'
  if (closing.closeAfter !== null && records !== null && records >= closing.closeAfter) return 'count'
  return null
}

const REASON: Record<NonNullable<ReturnType<typeof closedBy>>, (closing: Closing) => string> = {
  hand: () => 'its owner closed it',
  date: (closing) => `it closed at ${new Date(closing.closesAt!).toISOString()}`,
  count: (closing) =>
    `it took the ${closing.closeAfter} ${closing.closeAfter === 1 ? 'response' : 'responses'} it accepts (closeAfter)`,
}

/** 403 `closed` for a submission to a closed form, saying why. */
export function closedError(closing: Closing, why: NonNullable<ReturnType<typeof closedBy>>): AppError {
  return new AppError(
    'closed',
    `This form is closed (${REASON[why](closing)}), so nothing was stored; its owner can open it again in the share settings`,
  )
}

/** 403 `closed` for a batch that does not fit the places left (a batch is stored whole or not at all). */
export function batchTooLargeError(closeAfter: number, left: number, size: number): AppError {
  return new AppError(
    'closed',
    `This form takes ${closeAfter} ${closeAfter === 1 ? 'response' : 'responses'} (closeAfter) and has ${left} ${left === 1 ? 'place' : 'places'} left, fewer than the ${size} records of this batch, so nothing was stored; send at most ${left}`,
    { remaining: left },
  )
}

/** Field types whose answers are not one value to compare (lists, objects, files): never a `uniqueField`. */
export const NOT_UNIQUE_TYPES: readonly string[] = ['multichoice', 'json', 'file', 'consent']

/** A value of the unique field as it is compared: trimmed, and lower case for an e-mail field. */
export function uniqueKey(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).trim()
  if (text === '') return null
  return type === 'email' ? text.toLowerCase() : text
}

/** 409 `duplicate` for a second response with a value of the unique field already given. */
export function duplicateValueError(field: string): AppError {
  return new AppError(
    'duplicate',
    `A response with this ${field} was already received: the form takes one response per value of "${field}" (uniqueField), so nothing was stored`,
    { field },
  )
}

/** 409 `duplicate` for a second response from a browser, to a form that takes one per browser. */
export function duplicateBrowserError(): AppError {
  return new AppError(
    'duplicate',
    'This browser already sent a response: the form takes one response per browser (onePerBrowser), so nothing was stored',
  )
}
