/**
 * @module When a decimal literal cannot be stored as the number it says. A double holds
 * every decimal of up to 15 significant digits, so a literal is refused (JSON) or kept as
 * text (/form) only when it is beyond ±(2^53−1) with more digits than that (the digits
 * would be rounded away), overflows to ±Infinity, or underflows to 0 although it is not
 * zero. `-0` is stored as `0`, and other fractions are rounded as JSON numbers always are.
 */
import { cutText } from '../errors.ts'

/** Significant digits of a decimal literal: its digits without the exponent, leading and trailing zeros. */
function significantDigits(literal: string): number {
  const mantissa = literal.replace(/[eE].*$/, '').replace(/[^0-9]/g, '')
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length
}

/** Why a literal cannot be stored exactly: it overflows, underflows to 0, or has digits a double would round away. */
export type Inexact = 'too_large' | 'too_small' | 'too_many_digits'

/** Whether (and why) `literal` (a JSON or plain decimal number) cannot be stored as `value = Number(literal)`; null when it can. */
export function inexactKind(literal: string, value: number): Inexact | null {
  if (!Number.isFinite(value)) return 'too_large'
  // Only 0 and numbers beyond 2^53 can have lost digits: the common case counts no digits.
  if (value !== 0 && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return null
  const digits = significantDigits(literal)
  if (value === 0) return digits > 0 ? 'too_small' : null
  return digits > 15 ? 'too_many_digits' : null
}

/** The message for a literal `inexactKind` refused, quoting at most 80 characters of it. */
export function inexactMessage(kind: Inexact, literal: string): string {
  const number = `the number ${cutText(literal)}`
  if (kind === 'too_large') return `${number} is too large for a number; send it as a string`
  if (kind === 'too_small') return `${number} is too small for a number (it would be stored as 0); send it as a string`
  return `${number} is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string`
}

/** Why `literal` (a JSON or plain decimal number) cannot be stored as `value = Number(literal)`, or null. */
export function inexactNumber(literal: string, value: number): string | null {
  const kind = inexactKind(literal, value)
  return kind === null ? null : inexactMessage(kind, literal)
}
