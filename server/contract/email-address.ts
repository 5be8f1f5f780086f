/**
 * @module The characters an e-mail address may not hold, wherever svc takes one (sign-up,
 * log-in, code log-in, password reset, profile — the recipient of every mail svc sends — and
 * the `email` field type a respondent fills in): control characters (C0, DEL, C1), line and
 * paragraph separators, invisible format characters (bidirectional overrides, zero-width),
 * and the characters that quote, bracket or separate addresses in a mail header or a log
 * (`< > " ' ( ) [ ] \ , ; :` and the backquote). An address with any of them is refused,
 * never cleaned, so what is stored is what was typed. International addresses (ä@例子.广告)
 * stay accepted.
 */

/** Matches a character an address may not hold. */
export const UNSAFE_IN_ADDRESS = /[\p{Cc}\p{Cf}\u2028\u2029<>"'()[\]\\,;:`]/u

/** The refusal of an address holding such a character. */
export const UNSAFE_ADDRESS_MESSAGE =
  'cannot contain control or invisible characters, quotes, brackets, <, >, \\, commas, semicolons or colons: give an address such as name@example.com'

/** True when `address` holds no character it may not. */
export const safeAddress = (address: string): boolean => !UNSAFE_IN_ADDRESS.test(address)
