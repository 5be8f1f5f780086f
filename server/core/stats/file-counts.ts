/**
 * @module The `files` section of a field's aggregate: how many answers hold files, how many
 * files they hold and their bytes. A value counts here when it is a stored file object, or
 * an array of nothing but file objects (a field with `maxFiles` above 1); such a value is
 * counted nowhere else (not as array items), so adding and removing it stay symmetric.
 * Names and ids are never kept: the summary counts files, it does not list them.
 */
import { isFileObject, type FileObject } from '../../contract/files/model.ts'

export interface FileCounts {
  /** Answers holding at least one file. */
  answers: number
  /** Files in those answers. */
  files: number
  /** Their bytes. */
  bytes: number
}

/** The files of a stored file answer, or null when `value` is not one. */
export function fileAnswer(value: unknown): FileObject[] | null {
  if (isFileObject(value)) return [value]
  if (Array.isArray(value) && value.length > 0 && value.every(isFileObject)) return value as FileObject[]
  return null
}

const bytesOf = (files: readonly FileObject[]): number => files.reduce((sum, file) => sum + file.size, 0)

/** Counts one answer's files into `counts` (made when null); the counts it leaves. */
export function addFileAnswer(counts: FileCounts | null, files: readonly FileObject[]): FileCounts {
  const target = counts ?? { answers: 0, files: 0, bytes: 0 }
  target.answers++
  target.files += files.length
  target.bytes += bytesOf(files)
  return target
}

/** Takes one answer's files out of `counts`; null once no answer is left, as a rebuild would have it. */
export function removeFileAnswer(counts: FileCounts, files: readonly FileObject[]): FileCounts | null {
  counts.answers--
  counts.files -= files.length
  counts.bytes -= bytesOf(files)
  return counts.answers > 0 ? counts : null
}

/** The counts of two disjoint record sets. */
export function mergeFileCounts(a: FileCounts | null, b: FileCounts | null): FileCounts | null {
  if (!a || !b) return a ?? b
  return { answers: a.answers + b.answers, files: a.files + b.files, bytes: a.bytes + b.bytes }
}
