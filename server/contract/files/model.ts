/**
 * @module Files attached to records: what a stored answer of a `file` field is, how a JSON
 * record names an uploaded file, a file field's options and their defaults, and whether a
 * file's sniffed type fits a field's `accept`. Pure: the admin page and the CLI read it too.
 */

/** A stored file as a record holds it: the answer of a `file` field (an array of them when `maxFiles` > 1). */
export interface FileObject {
  /** The file's id: a record names an uploaded file by it, the owner downloads it by it. */
  id: string
  /** The name the client gave, cleaned (never a path on the server). */
  name: string
  /** Bytes. */
  size: number
  /** The MIME type sniffed from the bytes (never the client's word for it). */
  type: string
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string
}

/** How a JSON record names a file uploaded before (`files.upload` or a finished tus upload): `{"file": "<id>"}`. */
export interface FileReference {
  file: string
}

/** The options of a `file` field, as stored (every key filled in). */
export interface FileOptions {
  /** Files one answer may hold: 1…FILE_LIMITS.maxFiles. */
  maxFiles: number
  /** Largest file in bytes, at most the server's ceiling (SVC_MAX_FILE). */
  maxSize: number
  /** MIME types (`application/pdf`, `image/*`) and extensions (`.pdf`) a file may be; empty: any. */
  accept: string[]
}

export const FILE_LIMITS = {
  /** Files one answer of a field holds unless the field says otherwise. */
  defaultMaxFiles: 1,
  /** Files one answer of a field may hold at most. */
  maxFiles: 20,
  /** A field's largest file unless it says otherwise: 25 MiB. */
  defaultMaxSize: 25 * 1024 * 1024,
  /** The server's ceiling on one file unless SVC_MAX_FILE says otherwise: 1 GiB. */
  maxFileBytes: 1024 * 1024 * 1024,
  /** Bytes of files one app may hold unless SVC_FILES_QUOTA says otherwise: 1 GiB. */
  appQuotaBytes: 1024 * 1024 * 1024,
  /** Bytes of files one client may upload per hour unless SVC_UPLOAD_RATE says otherwise: 2 GiB. */
  clientBytesPerHour: 2 * 1024 * 1024 * 1024,
  /** A pending upload (files.upload, a finished tus upload) no record named within this long is deleted. */
  pendingMs: 24 * 60 * 60 * 1000,
  /** Entries in a field's `accept`, and the length of each. */
  maxAccept: 50,
  maxAcceptLength: 100,
  /** Characters kept of a file's name. */
  maxNameLength: 255,
} as const

/** The options of a file field given none, or some, of its keys. */
export const fileOptions = (given: Partial<FileOptions> | null | undefined): FileOptions => ({
  maxFiles: given?.maxFiles ?? FILE_LIMITS.defaultMaxFiles,
  maxSize: given?.maxSize ?? FILE_LIMITS.defaultMaxSize,
  accept: given?.accept ?? [],
})

/** True for a value of the shape `{"file": "<id>"}` and nothing more. */
export function isFileReference(value: unknown): value is FileReference {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === 'file' && typeof (value as FileReference).file === 'string'
}

/** True for a stored file object (the shape a record holds). */
export function isFileObject(value: unknown): value is FileObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const file = value as Record<string, unknown>
  return (
    typeof file.id === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.type === 'string' &&
    typeof file.sha256 === 'string' &&
    Object.keys(file).length === 5
  )
}

/** The files an answer holds: none, one, or an array of them. */
export const filesOf = (value: unknown): FileObject[] =>
  Array.isArray(value) ? value.filter(isFileObject) : isFileObject(value) ? [value] : []

/** The extension of a file name, lowercase with its dot (`.pdf`), or '' for none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : ''
}

/**
 * Whether a file of sniffed `type` named `name` fits `accept` (as the HTML `accept`
 * attribute reads: `image/*`, `application/pdf`, `.pdf`). An extension only counts when the
 * sniffed type agrees with it (EXTENSION_TYPES), so a renamed executable is not a `.pdf`.
 */
export function acceptsFile(accept: readonly string[], type: string, name: string): boolean {
  if (accept.length === 0) return true
  const ext = extensionOf(name)
  return accept.some((entry) => {
    const wanted = entry.trim().toLowerCase()
    if (wanted.startsWith('.')) return wanted === ext && typesOfExtension(wanted).includes(type)
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1))
    return wanted === type
  })
}

/** The sniffed types a file with extension `ext` may have (text types for text extensions). */
const typesOfExtension = (ext: string): readonly string[] => EXTENSION_TYPES[ext] ?? []

/** What each well-known extension's bytes are sniffed as; an extension not listed accepts nothing by itself. */
const EXTENSION_TYPES: Readonly<Record<string, readonly string[]>> = {
  '.pdf': ['application/pdf'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.avif': ['image/avif'],
  '.heic': ['image/heic'],
  '.svg': ['image/svg+xml', 'application/xml', 'text/plain'],
  '.txt': ['text/plain'],
  '.csv': ['text/plain', 'text/csv'],
  '.md': ['text/plain'],
  '.json': ['text/plain', 'application/json'],
  '.zip': ['application/zip'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip'],
  '.odt': ['application/vnd.oasis.opendocument.text'],
  '.mp3': ['audio/mpeg'],
  '.mp4': ['video/mp4'],
  '.mov': ['video/quicktime'],
  '.webm': ['video/webm'],
  '.wav': ['audio/wav', 'audio/wave'],
  '.gz': ['application/gzip'],
}

/** A byte count for people: `5 MiB`, `712 KiB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '')
  return `${shown} ${units[unit]}`
}
