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

/** Why `literal` (a JSON or plain decimal number) cannot be stored as `value = Number(literal)`, or null. */
export function inexactNumber(literal: string, value: number): string | null {
  if (!Number.isFinite(value)) return `the number ${cutText(literal)} is too large for a number; send it as a string`
  const digits = significantDigits(literal)
  if (value === 0 && digits > 0) return `the number ${cutText(literal)} is too small for a number (it would be stored as 0); send it as a string`
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER && digits > 15) return `the number ${cutText(literal)} is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string`
  return null
}
