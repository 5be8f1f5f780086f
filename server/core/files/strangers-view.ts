/**
 * @module Records as strangers read them (`reads: records`, the public /query and /stream):
 * a file answer shows the file's name, size and type, never its id or hash, so nothing a
 * stranger reads names a file (file bytes go only to the owner, whatever reads says). Apps
 * without file fields read exactly as stored, at no cost; the others have their rows'
 * data parsed and the file answers rewritten.
 */
import { filesOf, isFileObject } from '../../contract/files/model.ts'
import type { FieldMap } from '../collect/field-cache-types.ts'

/** What a stranger may see of a file. */
const shown = (value: unknown): unknown => {
  const files = filesOf(value).map((file) => ({ name: file.name, size: file.size, type: file.type }))
  if (isFileObject(value)) return files[0]
  return Array.isArray(value) && files.length === value.length ? files : value
}

/**
 * The rewrite of a row's `data` text for strangers, for an app with `fields`; null when the
 * app has no file field (rows are read as stored).
 */
export function strangersView(fields: FieldMap): (<R extends { data: string }>(row: R) => R) | null {
  const names: string[] = []
  for (const field of fields.values()) if (field.type === 'file') names.push(field.name)
  if (names.length === 0) return null
  return (row) => {
    const data = JSON.parse(row.data) as Record<string, unknown>
    let changed = false
    for (const name of names) {
      if (!Object.hasOwn(data, name)) continue
      const value = shown(data[name])
      if (value !== data[name]) {
        data[name] = value
        changed = true
      }
    }
    return changed ? { ...row, data: JSON.stringify(data) } : row
  }
}

/** `batches` with each row as strangers read it. */
export async function* strangersBatches<R extends { data: string }>(
  batches: AsyncGenerator<R[], void, undefined>,
  view: (row: R) => R,
): AsyncGenerator<R[], void, undefined> {
  for await (const rows of batches) yield rows.map(view)
}
