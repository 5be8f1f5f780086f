/** @module The options textarea of the fields editor, read as the CLI reads --options. */
import { splitOptions } from '../../../server/contract/fields/options-text.ts'

/**
 * Options as typed: one per line, or `Yes, No, Maybe` on one line, split as the CLI splits
 * them (the contract's splitOptions); JSON that does not parse is kept a line an option.
 */
export function parseOptions(text: string): string[] {
  const read = splitOptions(text)
  return 'options' in read
    ? read.options
    : text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
}
