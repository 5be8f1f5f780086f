/**
 * @module Records as CSV rows: `id, createdAt` (and `spam`, `true` or `false`, when the
 * export includes spam), one column per data key (then, when asked, `other keys`: the
 * record's remaining keys as one JSON object), `score.`/`level.` pairs for an
 * assessment app's scales, then `meta.source, meta.timestamp`. Text is neutralised against
 * formulas unless the owner asked for the raw export (csv.ts). A file field's cell lists its
 * files, one a line (file-cells.ts); a field whose type writes its own text (a consent: the text
 * agreed to) has that text.
 *
 * Written for speed, each choice measured on 1.1M records: a row is one string built by
 * concatenation (no cell array joined per row); a record's keys are walked once and
 * dropped into column slots (reading each column by name from the parsed object was a
 * slow lookup per column); the time prefix is shared by rows of the same second; an empty
 * `meta` is not parsed. `JSON.parse` stays: it measured faster than a scanner written in JS
 * that picks top-level values out of the stored text, and than SQLite's `->` per column.
 */
import { scoreCells, scoreColumns } from '../contract/scoring/aggregate.ts'
import { parseStoredScores } from '../core/scoring/stored.ts'
import { isoTime, YEAR_10000, type StoredRecord } from '../core/records/shape.ts'
import {
  dataHeaders,
  LEADING_COLUMNS,
  OTHER_KEYS_COLUMN,
  SPAM_COLUMN,
  TRAILING_COLUMNS,
  type CellText,
} from './columns.ts'
import { csvRawText, csvRow, csvText, csvValue, type TextCell } from './csv.ts'
import { fileCell } from './file-cells.ts'

/** Writes CSV rows for the data columns `keys` and the scales `scaleKeys`. */
export interface CsvRows {
  /** The header row, after the BOM that tells Excel the file is UTF-8. */
  header: string
  /** The rows of `records`, each ending in CRLF. */
  rows(records: readonly StoredRecord[]): string
}

/** How an export writes its cells. */
export interface CsvOptions {
  /** Add the `spam` column (the export includes spam records). */
  spam: boolean
  /** Text exactly as stored (no formula neutralising): the owner's explicit choice. */
  raw: boolean
  /** Add the JSON column of the keys that have no column (columns.ts OTHER_KEYS_COLUMN). */
  otherKeys?: boolean
  /** The app's file fields among `keys`, whose cells list their files (file-cells.ts). */
  files?: { appId: string; keys: ReadonlySet<string> }
  /** Fields among `keys` whose type writes its own cell text (columns.ts). */
  cellTexts?: ReadonlyMap<string, CellText>
}

/** Encodes one cell's value. */
type ValueCell = (value: unknown) => string

/**
 * Reads the cells of fixed columns out of objects, one object at a time; with `others`, a
 * last cell holds the object's other keys as JSON (empty when it has none).
 */
function columnCells(
  keys: readonly string[],
  text: TextCell,
  others = false,
  special: ReadonlyArray<ValueCell | undefined> | null = null,
): (value: Record<string, unknown>) => string {
  const slotOf = new Map(keys.map((key, slot) => [key, slot]))
  const slots: unknown[] = keys.map(() => undefined)
  // Most exports have no file column: they keep the plain loop.
  const cells = special
    ? (values: unknown[]) => specialCellsOf(values, text, special)
    : (values: unknown[]) => cellsOf(values, text)
  return (value) => {
    let rest: Record<string, unknown> | null = null
    // Own keys only, as Object.hasOwn would check: a key like `constructor` or `__proto__`
    // is a column only when the record has it.
    for (const key of Object.keys(value)) {
      const slot = slotOf.get(key)
      if (slot !== undefined) slots[slot] = value[key]
      else if (others) {
        rest ??= Object.create(null) as Record<string, unknown>
        rest[key] = value[key]
      }
    }
    if (others) return `${cells(slots)},${rest === null ? '' : text(JSON.stringify(rest))}`
    return cells(slots)
  }
}

/** The encoder of a column whose type writes its own text (`cellText`), or undefined for a plain column. */
function typedCell(cellText: CellText | undefined, text: TextCell): ValueCell | undefined {
  if (!cellText) return undefined
  return (value) => {
    const own = cellText(value)
    return own === undefined ? csvValue(value, text) : text(own)
  }
}

/** As cellsOf, a slot with an encoder of its own (a file column) written by it. */
function specialCellsOf(slots: unknown[], text: TextCell, special: ReadonlyArray<ValueCell | undefined>): string {
  let out = ''
  for (let i = 0; i < slots.length; i++) {
    const cell = slots[i]
    if (cell === undefined || cell === null) out += ','
    else out += `,${(special[i] ?? ((value: unknown) => csvValue(value, text)))(cell)}`
    slots[i] = undefined
  }
  return out
}

/** The cells of `slots` (each after a comma), emptying the slots for the next object. */
function cellsOf(slots: unknown[], text: TextCell): string {
  let out = ''
  for (let i = 0; i < slots.length; i++) {
    const cell = slots[i]
    if (cell === undefined) {
      out += ','
    } else {
      out += `,${csvValue(cell, text)}`
      slots[i] = undefined
    }
  }
  return out
}

/**
 * The createdAt cell. Times in years 1970–9999 start with a digit and hold no quote, comma
 * or line break, so they are cells as they are; other times go through `text` (a leading
 * `-` or `+` is neutralised unless the export is raw).
 */
const timeCell = (ms: number, text: TextCell): string => (ms >= 0 && ms < YEAR_10000 ? isoTime(ms) : text(isoTime(ms)))

/** The CSV writer for an export with data columns `keys` and scales `scaleKeys`. */
export function csvRows(
  keys: readonly string[],
  scaleKeys: readonly string[],
  options: CsvOptions = { spam: false, raw: false },
): CsvRows {
  const text = options.raw ? csvRawText : csvText
  const others = options.otherKeys === true
  const files = options.files
  const fileCells = files && keys.some((key) => files.keys.has(key)) ? fileCell(files.appId, text) : null
  const cellTexts = options.cellTexts
  const typed = cellTexts && keys.some((key) => cellTexts.has(key))
  const special =
    fileCells || typed
      ? keys.map((key) => (files?.keys.has(key) ? (fileCells ?? undefined) : typedCell(cellTexts?.get(key), text)))
      : null
  const dataCells = columnCells(keys, text, others, special)
  const metaColumns = columnCells(['source', 'timestamp'], text)
  // Most records have no meta at all, stored as `{}`.
  const metaCells = (meta: string): string =>
    meta === '{}' ? ',,' : metaColumns(JSON.parse(meta) as Record<string, unknown>)
  const scoreCellsOf = (scores: string | null): string => {
    if (scaleKeys.length === 0) return ''
    let out = ''
    for (const cell of scoreCells(scores === null ? null : parseStoredScores(scores), scaleKeys))
      out += `,${csvValue(cell, text)}`
    return out
  }
  const leading = options.spam ? [...LEADING_COLUMNS, SPAM_COLUMN] : [...LEADING_COLUMNS]
  const otherColumn = others ? [OTHER_KEYS_COLUMN] : []
  const fixed = [...leading, ...otherColumn, ...scoreColumns(scaleKeys), ...TRAILING_COLUMNS]
  const spamCell = options.spam ? (record: StoredRecord) => (record.spam ? ',true' : ',false') : () => ''
  return {
    header: `\uFEFF${csvRow([...leading, ...dataHeaders(keys, fixed), ...otherColumn, ...scoreColumns(scaleKeys), ...TRAILING_COLUMNS].map(text))}`,
    rows(records) {
      let out = ''
      for (let i = 0; i < records.length; i++) {
        const record = records[i]
        const data = JSON.parse(record.data) as Record<string, unknown>
        out += `${text(record.id)},${timeCell(record.createdAt, text)}${spamCell(record)}${dataCells(data)}${scoreCellsOf(record.scores)}${metaCells(record.meta)}\r\n`
      }
      return out
    },
  }
}
