/**
 * @module What a file is, decided from its first bytes, never from its name or the client's
 * Content-Type. The magic numbers are file-type's (a maintained table of several hundred
 * formats, far better kept than a list written here); what it does not know is text when the
 * bytes read as UTF-8 without NUL, else `application/octet-stream`.
 */

/** Bytes of a file's start that sniffing reads (file-type's own sample size). */
export const SNIFF_BYTES = 4100

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** True when `head` reads as text: UTF-8 without NUL (a cut multi-byte character at its end is allowed). */
function looksLikeText(head: Uint8Array, whole: boolean): boolean {
  if (head.includes(0)) return false
  try {
    UTF8.decode(head, { stream: !whole })
    return true
  } catch {
    return false
  }
}

/** The MIME type of a file whose first bytes are `head` (`whole`: the file is no longer than `head`). */
export async function sniffType(head: Uint8Array, whole: boolean): Promise<string> {
  if (head.length === 0) return 'application/octet-stream'
  // Loaded on the first file, not at start-up: most servers never see one.
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(head).catch(() => undefined)
  if (found) return found.mime
  return looksLikeText(head, whole) ? 'text/plain' : 'application/octet-stream'
}
