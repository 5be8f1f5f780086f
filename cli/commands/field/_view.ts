/**
 * @module How fields read in a terminal, and the `--options` parser shared by add/update/options.
 */
import { usageError } from '../../errors.ts'
import { details, table, type Style } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { FILE_LIMITS, formatBytes } from '../../../server/contract/files/model.ts'
import { splitOptions } from '../../../server/contract/fields/options-text.ts'
import { FIELD_TYPES, type FieldType } from '../../../server/contract/fields/types/index.ts'
import { RATING } from '../../../server/contract/fields/types/rating.ts'
import type { Field } from '../../../server/contract/api/fields.ts'
import { asProgram } from '../../program.ts'
import { formDetails, formSummary } from './_form.ts'
import { showIfText } from '../../../server/contract/fields/show-if-text.ts'

export type { Field }

/** The `--type` flag's value, one of FIELD_TYPES (the flag's choices). */
export const fieldTypeOf = (type: string | undefined) => type as FieldType | undefined

export const typeArg = {
  type: {
    type: 'enum' as const,
    options: [...FIELD_TYPES] as string[],
    description: `Field type: ${FIELD_TYPES.join(', ')}`,
    valueHint: 'type',
  },
}

/** `a,b,c` or a JSON array (for options that contain commas): the contract's one reading (splitOptions). */
export function parseOptions(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const read = splitOptions(raw)
  if ('problem' in read) throw usageError(`--options ${read.problem}`)
  if (read.options.length > LIMITS.maxOptions)
    throw usageError(`--options takes at most ${LIMITS.maxOptions} options, got ${read.options.length}`)
  return read.options
}

/** The file options' flags, shared by add and update. */
export const fileArgs = {
  'max-files': {
    type: 'string' as const,
    description: `File fields: how many files one answer may hold (1–${FILE_LIMITS.maxFiles}, default 1)`,
    valueHint: 'n',
  },
  'max-size': {
    type: 'string' as const,
    description: 'File fields: the largest file, in bytes or with a unit: 500KB, 25MB, 1GB (MB = MiB; default 25MB)',
    valueHint: 'size',
  },
  accept: {
    type: 'string' as const,
    description: 'File fields: the kinds taken, MIME types and extensions: application/pdf,.docx,image/*',
    valueHint: 'list',
  },
}

/** The flag of a rating's highest point (the field's `max`), shared by add and update. */
export const ratingArgs = {
  'max-rating': {
    type: 'string' as const,
    description: `Rating fields: the highest point, ${RATING.minMax}–${RATING.maxMax} (default ${RATING.defaultMax}); answers are 1 to it`,
    valueHint: 'n',
  },
}

/** The body key of the rating flag when given: `--max-rating 10` is `max: 10`. */
export function ratingOptionsOf(args: { 'max-rating'?: string }) {
  const max = args['max-rating']
  if (max === undefined) return {}
  if (!/^\d+$/.test(max)) throw usageError(`--max-rating must be a whole number; got "${max}"`)
  return { max: Number(max) }
}

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
}

/** `25MB`, `500KB`, `1048576` as bytes (binary units). */
export function parseSize(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(raw)
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined
  if (!match || unit === undefined)
    throw usageError(`${flag} must be bytes or a size like 500KB, 25MB, 1GB; got "${raw}"`)
  return Math.round(Number(match[1]) * unit)
}

/** The body keys of the file flags that were given. */
export function fileOptionsOf(args: { 'max-files'?: string; 'max-size'?: string; accept?: string }) {
  const maxFiles = args['max-files']
  if (maxFiles !== undefined && !/^\d+$/.test(maxFiles))
    throw usageError(`--max-files must be a whole number; got "${maxFiles}"`)
  return {
    ...(maxFiles === undefined ? {} : { maxFiles: Number(maxFiles) }),
    ...(args['max-size'] === undefined ? {} : { maxSize: parseSize(args['max-size'], '--max-size') }),
    ...(args.accept === undefined
      ? {}
      : {
          accept: args.accept
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
        }),
  }
}

export const fieldDetails = (field: Field) => (style: Style) =>
  details(style, {
    id: field.id,
    name: field.name,
    type: field.type,
    label: field.label || '-',
    required: field.required ? 'yes' : 'no',
    options: field.options,
    ...(field.max === undefined ? {} : { 'max rating': field.max }),
    ...(field.type === 'file'
      ? {
          'max files': field.maxFiles,
          'max size': field.maxSize === undefined ? undefined : formatBytes(field.maxSize),
          accept: field.accept?.length ? field.accept.join(', ') : 'any',
        }
      : {}),
    ...formDetails(field),
    ...(field.showIf ? { 'show if': showIfText(field.showIf) } : {}),
    ...(field.translations ? { translations: Object.keys(field.translations).join(', ') } : {}),
    position: field.position,
    'auto-created': field.autoCreated ? 'yes' : 'no',
    proposed: field.proposed ? asProgram('yes (svc-cli field accept to put it on the form)', style.program) : 'no',
  })

/** `app` as a shell word for a hint the user may paste: quoted when it is a name with spaces or quotes. */
const appWord = (app: string) => (/^[\w.@:/-]+$/.test(app) ? app : `'${app.replaceAll("'", "'\\''")}'`)

/** The fields as a table, then how many the app has of the most it may have; hints name `app` as given. */
export const fieldTable =
  (fields: Field[], limit: number, app: string, total = fields.length) =>
  (style: Style) =>
    `${table(
      style,
      fields,
      {
        pos: (f) => f.position,
        name: (f) => f.name,
        type: (f) => f.type,
        required: (f) => (f.required ? 'yes' : ''),
        options: (f) => f.options,
        label: (f) => f.label,
        form: (f) => formSummary(f),
        // Only when a field has a condition, so a plain form's table stays narrow.
        ...(fields.some((f) => f.showIf) ? { 'show if': (f: Field) => (f.showIf ? showIfText(f.showIf) : '') } : {}),
        proposed: (f) => (f.proposed ? 'yes' : ''),
        id: (f) => f.id,
      },
      `No fields yet. Add one with: svc-cli field add --app ${appWord(app)} --name email --type email`,
    )}\n\n${acceptedCount(fields, total)} of ${limit} fields${proposedNote(fields, app, style)}`

/** Fields counted against the limit: the accepted ones (of a full list; a page counts what it shows). */
const acceptedCount = (fields: Field[], total: number) => total - fields.filter((f) => f.proposed).length

const proposedNote = (fields: Field[], app: string, style: Style) => {
  const proposed = fields.filter((f) => f.proposed).length
  return proposed === 0
    ? ''
    : asProgram(
        `; ${proposed} proposed by anonymous posts (svc-cli field accept --app ${appWord(app)} <name>… or --all)`,
        style.program,
      )
}
