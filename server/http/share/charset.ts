/**
 * @module Text of public request bodies in the charset the client declared: a `charset`
 * parameter of the Content-Type, or (forms) the `_charset_` field browsers fill in; UTF-8
 * when none is declared. Bytes that are not valid in that charset are a 400 naming where
 * they are, never stored as U+FFFD; a charset the runtime does not know is a 415.
 */
import { AppError } from '../../contract/errors.ts'

const UTF8 = new TextDecoder('utf-8', { fatal: true })
const decoders = new Map<string, TextDecoder>([['utf-8', UTF8]])

/** The `charset` parameter of the Content-Type, lower-cased and unquoted, or null. */
export function declaredCharset(request: Request): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers.get('content-type') ?? '')
  return match ? match[1].toLowerCase() : null
}

/** A fatal decoder for `charset` (a WHATWG encoding label); 415 when there is none. */
export function decoderFor(charset: string | null): TextDecoder {
  if (charset === null) return UTF8
  let decoder = decoders.get(charset)
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset, { fatal: true })
    } catch {
      throw new AppError(
        'unsupported_media_type',
        `The charset ${JSON.stringify(charset)} is not known; send UTF-8 (or declare a charset such as iso-8859-1 or windows-1252)`,
        { charset },
      )
    }
    decoders.set(charset, decoder)
  }
  return decoder
}

/** True for the labels of UTF-8 itself. */
export const isUtf8 = (decoder: TextDecoder): boolean => decoder.encoding === 'utf-8'

/** `bytes` decoded by `decoder`; 400 saying `where` holds bytes that are not valid in its charset. */
export function decodeText(
  bytes: Uint8Array,
  decoder: TextDecoder,
  where: string,
  details?: Record<string, unknown>,
): string {
  try {
    return decoder.decode(bytes)
  } catch {
    const charset = isUtf8(decoder) ? 'UTF-8' : decoder.encoding
    throw new AppError(
      'bad_request',
      `${where} is not valid ${charset}; send text encoded as ${charset}${isUtf8(decoder) ? ' or declare its charset (Content-Type charset, or a _charset_ form field)' : ''}`,
      details,
    )
  }
}
