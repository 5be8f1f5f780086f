/**
 * @module How many terminal cells a text takes: CJK and fullwidth characters two, emoji two
 * (ZWJ sequences, flags, keycaps and variation selectors as one), combining marks none.
 * string-width does the Unicode work (grapheme clusters, East Asian Width, emoji); loading
 * its tables costs ≈ 8 ms, so the printing layer (run.ts) loads this module only for
 * output that holds such text.
 */
import stringWidth from 'string-width'

/** Printable ASCII: one cell a character, no tables needed. */
const ASCII = /^[\x20-\x7e]*$/

/** The display width of `text` in terminal cells. */
export const displayWidth = (text: string): number => (ASCII.test(text) ? text.length : stringWidth(text))
