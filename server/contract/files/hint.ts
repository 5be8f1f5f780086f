/**
 * @module What a person is told about a file field before choosing a file: the kinds it
 * takes, in words ("PDF or Word"), how many files and how large ("One file: PDF or Word, up
 * to 25 MiB."). The fill-in page shows it under the file input; pure, so any face may.
 */
import { type FileOptions, formatBytes } from './model.ts'

/** The name a person knows a kind of file by, for the MIME types and extensions `accept` lists most. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  '.pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  '.doc': 'Word',
  '.docx': 'Word',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  '.odt': 'OpenDocument text',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  '.xls': 'Excel',
  '.xlsx': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  '.ppt': 'PowerPoint',
  '.pptx': 'PowerPoint',
  'image/*': 'any image',
  'video/*': 'any video',
  'audio/*': 'any audio',
  'text/*': 'any text',
  'image/png': 'PNG',
  '.png': 'PNG',
  'image/jpeg': 'JPEG',
  '.jpg': 'JPEG',
  '.jpeg': 'JPEG',
  'image/gif': 'GIF',
  '.gif': 'GIF',
  'image/webp': 'WebP',
  '.webp': 'WebP',
  'image/svg+xml': 'SVG',
  '.svg': 'SVG',
  'text/plain': 'plain text',
  '.txt': 'plain text',
  'text/csv': 'CSV',
  '.csv': 'CSV',
  'application/json': 'JSON',
  '.json': 'JSON',
  'application/zip': 'ZIP',
  '.zip': 'ZIP',
}

/** One entry of `accept` in words: its common name, else an extension in capitals, else the MIME type itself. */
function kindName(entry: string): string {
  const wanted = entry.trim().toLowerCase()
  const known = KIND_NAMES[wanted]
  if (known) return known
  if (wanted.startsWith('.')) return wanted.slice(1).toUpperCase()
  return wanted
}

/** The kinds `accept` lists, in words joined by "or" ("PDF or Word"); '' when it takes any kind. */
export function acceptWords(accept: readonly string[]): string {
  const names = [...new Set(accept.filter((entry) => entry.trim() !== '').map(kindName))]
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

/**
 * The hint under a file input: how many files, of what kinds, how large. "One file: PDF or
 * Word, up to 25 MiB." / "Up to 3 files of any kind, each up to 10 MiB."
 */
export function fileHint(options: FileOptions): string {
  const kinds = acceptWords(options.accept)
  const size = formatBytes(options.maxSize)
  if (options.maxFiles === 1)
    return kinds ? `One file: ${kinds}, up to ${size}.` : `One file of any kind, up to ${size}.`
  const count = `Up to ${options.maxFiles} files`
  return kinds ? `${count}: ${kinds}, each up to ${size}.` : `${count} of any kind, each up to ${size}.`
}
