/**
 * @module The rows `share tail` prints for a person: the records arrive one by one, so the
 * columns are fixed by the first one (its time, up to six of its keys, its id), each cell
 * padded or cut to its column's width (8 to 24 characters, from the first record's value), and a later record's other keys follow its row as `key=value`.
 */
import type { SvcRecord } from '../../../server/contract/api/records.ts'
import { bold, cell, type Style } from '../../output.ts'

const MAX_KEYS = 6
/** Narrowest and widest a data column gets from its first value (the header may be wider): later values have some room. */
const MIN_WIDTH = 8
const MAX_WIDTH = 24
const TIME_WIDTH = 24

/** Cut to `width` characters with an ellipsis, or padded to it. */
const fit = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width))

/** A printer of rows; `header()` is written once, before the first row. */
export function tailRows(style: Style, withSpam: boolean) {
  let keys: string[] | null = null
  let widths: number[] = []
  return {
    /** The lines for `record`: the header first when it is the first record. */
    lines(record: SvcRecord): string[] {
      const lines: string[] = []
      if (keys === null) {
        keys = Object.keys(record.data).slice(0, MAX_KEYS)
        widths = keys.map((key) =>
          Math.max(
            key.length,
            Math.min(
              MAX_WIDTH,
              Math.max(MIN_WIDTH, cell(Object.hasOwn(record.data, key) ? record.data[key] : null).length),
            ),
          ),
        )
        const head = [
          'CREATED'.padEnd(TIME_WIDTH),
          ...(withSpam ? ['SPAM'] : []),
          ...keys.map((key, i) => fit(key.toUpperCase(), widths[i])),
          'ID',
        ]
        lines.push(bold(style, head.join('  ')))
      }
      const values = keys.map((key, i) =>
        fit(cell(Object.hasOwn(record.data, key) ? record.data[key] : null), widths[i]),
      )
      const others = Object.keys(record.data)
        .filter((key) => !keys!.includes(key))
        .map((key) => `${key}=${cell(record.data[key])}`)
      const row = [
        record.createdAt.padEnd(TIME_WIDTH),
        ...(withSpam ? [(record.spam ? 'spam' : '').padEnd(4)] : []),
        ...values,
        record.id,
        ...others,
      ]
      lines.push(row.join('  ').trimEnd())
      return lines
    },
  }
}
