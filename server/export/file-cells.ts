/**
 * @module The CSV cell of a file field: one line per file,
 * `<name> (<size> bytes, <type>) sha256:<hex> <API path>`, the lines joined by LF (a cell
 * holding several files is quoted, as any cell with a line break). The API path is the
 * owner's download (`files.download`, `/api/v3/apps/<app>/files/<file id>`), so a program
 * reading the export can fetch each file with the same access token. The size is exact
 * bytes, not rounded, so the cell can be checked against the download. The name comes from
 * a stranger: the whole cell goes through the export's text encoder, which neutralises a
 * leading formula character unless the owner asked for the raw export. A value of a file
 * column that holds no file object (a key written before the field was a file field) is
 * a cell like any other.
 */
import { routeOf } from '../contract/api/routes.ts'
import type { FileObject } from '../contract/files/model.ts'
import { fileAnswer } from '../core/stats/file-counts.ts'
import { csvValue, type TextCell } from './csv.ts'

/** One file as its line of the cell. */
export const fileLine = (file: FileObject, downloadPath: string): string =>
  `${file.name} (${file.size} bytes, ${file.type}) sha256:${file.sha256} ${downloadPath}${encodeURIComponent(file.id)}`

/** The encoder of a file column's cells in app `appId`'s export. */
export function fileCell(appId: string, text: TextCell): (value: unknown) => string {
  const downloadPath = routeOf('files.download').path.replace(':id', encodeURIComponent(appId)).replace(':file', '')
  return (value) => {
    const files = value !== null && typeof value === 'object' ? fileAnswer(value) : null
    if (files === null) return csvValue(value, text)
    return text(files.map((file) => fileLine(file, downloadPath)).join('\n'))
  }
}
