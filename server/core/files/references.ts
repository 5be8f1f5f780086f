/**
 * @module Files named by records. A submission names each file of a `file` field as
 * `{"file": "<id>"}` (a JSON record naming an earlier upload, or the multipart reader naming
 * the parts it stored); before the records are queued, each reference is looked up among the
 * app's pending files, checked against its field (`maxFiles`, `maxSize`, `accept`) and
 * replaced by the stored file object, and the ids go with the record so its commit claims
 * them (storage/records.ts, NewRecord.files). One query per submission; a submission to an
 * app without file fields costs nothing here.
 */
import { AppError, ProblemList } from '../../contract/errors.ts'
import {
  acceptsFile,
  type FileObject,
  type FileOptions,
  fileOptions,
  formatBytes,
  isFileReference,
} from '../../contract/files/model.ts'
import type { FileRow } from '../../db/storage/files.ts'
import type { FieldMap } from '../collect/field-cache-types.ts'
import { invalidValues, type PreparedRecord } from '../collect/prepare.ts'
import type { AppContext } from '../context.ts'
import type { FieldRule } from '../fields/values.ts'

/** The file object a record stores for a file row. */
export const fileObject = (row: FileRow): FileObject => ({
  id: row.id,
  name: row.name,
  size: row.size,
  type: row.type,
  sha256: row.sha256,
})

/** The defined file fields of `fields` (their values are checked), with their options. */
function fileFields(fields: FieldMap): Array<[FieldRule, FileOptions]> {
  const found: Array<[FieldRule, FileOptions]> = []
  for (const field of fields.values())
    if (field.type === 'file' && !field.autoCreated && !field.proposed) found.push([field, fileOptions(field.file)])
  return found
}

/** The references of one answer, or a problem when it holds anything else. */
function referencesOf(value: unknown, options: FileOptions): { ids: string[] } | { problem: string } {
  const list = Array.isArray(value) ? value : [value]
  if (!list.every(isFileReference))
    return { problem: 'must name uploaded files as {"file": "<id>"} (an array of them for several files)' }
  if (list.length > options.maxFiles)
    return {
      problem: `can hold at most ${options.maxFiles} file${options.maxFiles === 1 ? '' : 's'}, got ${list.length}`,
    }
  return { ids: list.map((reference) => reference.file) }
}

/** Why a pending file does not fit its field, or null. */
function fileProblem(row: FileRow, options: FileOptions): string | null {
  if (row.size > options.maxSize)
    return `${JSON.stringify(row.name)} is ${formatBytes(row.size)}, over this field's limit of ${formatBytes(options.maxSize)}`
  if (!acceptsFile(options.accept, row.type, row.name))
    return `${JSON.stringify(row.name)} is ${row.type}, not one of the kinds this field accepts (${options.accept.join(', ')})`
  return null
}

/**
 * Puts the file objects in place of the references in `records` (prepared for the app's
 * `fields`) and lists each record's file ids in `files`. Throws 422 `invalid_value` listing
 * every reference that is not a pending file of the app, or does not fit its field; a file
 * named twice is refused too (one file belongs to one record).
 */
export function attachFiles(
  ctx: AppContext,
  appId: string,
  fields: FieldMap,
  records: PreparedRecord[],
): Promise<void> | null {
  const defined = fileFields(fields)
  return defined.length === 0 ? null : attachTo(ctx, appId, defined, records)
}

async function attachTo(
  ctx: AppContext,
  appId: string,
  defined: Array<[FieldRule, FileOptions]>,
  records: PreparedRecord[],
): Promise<void> {
  const problems = new ProblemList()
  const wanted: Array<{ record: PreparedRecord; field: FieldRule; options: FileOptions; ids: string[] }> = []
  for (const record of records) {
    for (const [field, options] of defined) {
      const value = record.data[field.name]
      if (value === undefined || value === null || value === '') continue
      const found = referencesOf(value, options)
      if ('problem' in found) problems.add(field.name, found.problem)
      else wanted.push({ record, field, options, ids: found.ids })
    }
  }
  const ids = wanted.flatMap((entry) => entry.ids)
  const rows = ids.length === 0 ? [] : await ctx.storage.files.pending(appId, [...new Set(ids)])
  const byId = new Map(rows.map((row) => [row.id, row]))
  const named = new Set<string>()
  for (const { record, field, options, ids: fieldIds } of wanted) {
    const objects: FileObject[] = []
    for (const id of fieldIds) {
      const row = byId.get(id)
      if (!row) {
        problems.add(
          field.name,
          `names the file ${JSON.stringify(id)}, which is not an upload of this form waiting for a record; upload it again`,
        )
        continue
      }
      if (named.has(id)) {
        problems.add(
          field.name,
          `names the file ${JSON.stringify(row.name)} a second time; each file belongs to one answer`,
        )
        continue
      }
      named.add(id)
      const problem = fileProblem(row, options)
      if (problem) problems.add(field.name, problem)
      objects.push(fileObject(row))
    }
    record.data[field.name] = options.maxFiles > 1 ? objects : objects[0]
    record.files = [...(record.files ?? []), ...fieldIds]
  }
  if (!problems.empty) throw invalidValues(problems)
}

/** 422 for a commit whose files were no longer pending (swept, or claimed by another record in the meantime). */
export const filesGone = (ids: readonly string[]): AppError =>
  new AppError(
    'invalid_value',
    `The file${ids.length === 1 ? '' : 's'} ${ids.map((id) => JSON.stringify(id)).join(', ')} ${ids.length === 1 ? 'is' : 'are'} no longer waiting for a record (named by another record, or deleted after 24 hours); nothing was stored. Upload again`,
    { files: [...ids] },
  )
