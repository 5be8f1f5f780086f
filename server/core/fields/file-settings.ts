/**
 * @module The stored settings of a file field (`maxFiles`, `maxSize`, `accept`, the field's
 * top-level keys in the API): what a field ends up with after it is added or changed, and
 * what the API shows. Stored whole (defaults filled in), so a later change of the defaults
 * does not change a field the owner made. A field changed to another type loses them.
 */
import type { Problem } from '../../contract/errors.ts'
import { type FileOptions, fileOptions, formatBytes } from '../../contract/files/model.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'

/** The file options a field add or change may carry. */
export type FileOptionsPatch = Partial<Record<keyof FileOptions, unknown>> & {
  maxFiles?: number
  maxSize?: number
  accept?: string[]
}

/** The options stored in `settings` (JSON text or null), defaults filled in. */
export const storedFileOptions = (settings: string | null): FileOptions =>
  fileOptions(settings === null ? null : (JSON.parse(settings) as Partial<FileOptions>))

/**
 * The settings of a field of `type` after `patch` on the stored `settings` (null for a new
 * field), and the problems with them: a `maxSize` past the server's ceiling.
 */
export function fileSettingsAfter(
  type: FieldType,
  settings: string | null,
  patch: FileOptionsPatch,
  maxFileBytes: number,
): { settings: string | null; problems: Problem[] } {
  if (type !== 'file') return { settings: null, problems: [] }
  const current = storedFileOptions(settings)
  const next: FileOptions = {
    maxFiles: patch.maxFiles ?? current.maxFiles,
    maxSize: patch.maxSize ?? Math.min(current.maxSize, maxFileBytes),
    accept: patch.accept ?? current.accept,
  }
  const problems: Problem[] =
    next.maxSize > maxFileBytes
      ? [
          {
            path: 'maxSize',
            message: `is more than this server takes for one file (${formatBytes(maxFileBytes)}, SVC_MAX_FILE)`,
          },
        ]
      : []
  return { settings: JSON.stringify({ ...next, accept: [...new Set(next.accept)] }), problems }
}
