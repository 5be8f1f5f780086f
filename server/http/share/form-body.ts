/**
 * @module The name/value pairs of a /form body, urlencoded or multipart, decoded in the
 * charset the form declared (see charset.ts), so every field of every path follows one
 * rule: declared charset, else UTF-8, else a 400 naming the field. Urlencoded bodies are
 * split and percent-decoded as bytes (URLSearchParams would turn bad bytes into U+FFFD).
 */
import type { AppContext } from '../../core/context.ts'
import type { FormRead, FormTarget } from '../../core/collect/ingest.ts'
import type { FieldMap } from '../../core/collect/field-cache-types.ts'
import { AppError } from '../../contract/errors.ts'
import { mediaType, readBodyBytes, unsupported } from './body.ts'
import { declaredCharset, decodeText, decoderFor, isUtf8 } from './charset.ts'
import { readMultipart } from './multipart.ts'

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const CHARSET_FIELD = '_charset_'

type Pairs = Array<[string, string]>

/** True when the form has a file field a multipart body may send files to. */
const takesFiles = (fields: FieldMap): boolean => {
  for (const field of fields.values()) if (field.type === 'file' && !field.autoCreated && !field.proposed) return true
  return false
}

/**
 * The pairs and files of a form post to `target`: a multipart body to a form with file
 * fields is read as it arrives (multipart.ts), its files stored as they come; any other
 * body as text pairs (readFormPairs).
 */
export async function readForm(ctx: AppContext, request: Request, target: FormTarget): Promise<FormRead> {
  const type = checkFormType(request)
  if (type !== 'multipart/form-data' || !takesFiles(target.fields))
    return { pairs: await readFormPairs(ctx, request), files: [] }
  const read = await readMultipart(ctx, request, request.headers.get('content-type')!, target)
  const field = read.texts.find(([name]) => name === CHARSET_FIELD)
  const decoder = decoderFor(
    declaredCharset(request) ?? (field ? ASCII.decode(field[1]).trim().toLowerCase() || null : null),
  )
  const pairs: Pairs = read.texts.map(([name, value]) => [
    name,
    decodeText(value, decoder, `The value of field ${JSON.stringify(name)}`, { field: name }),
  ])
  return { pairs, files: read.files }
}

/** The form's media type; 415 for one that is not a form's. */
function checkFormType(request: Request): string {
  const type = mediaType(request)
  if (!FORM_TYPES.has(type)) {
    throw unsupported(
      type,
      'application/x-www-form-urlencoded or multipart/form-data (JSON goes to the endpoint itself, without /form)',
    )
  }
  return type
}

/** Form pairs from an urlencoded or multipart body; a file part is a 415 naming its field. */
export async function readFormPairs(ctx: AppContext, request: Request): Promise<Pairs> {
  const type = checkFormType(request)
  const bytes = await readBodyBytes(request, {
    maxBytes: ctx.config.maxBodyBytes,
    deadlineMs: ctx.config.bodyDeadlineMs,
  })
  const contentType = request.headers.get('content-type')!
  if (type === 'application/x-www-form-urlencoded') return urlencodedPairs(bytes, declaredCharset(request))
  return multipartPairs(bytes, contentType, declaredCharset(request))
}

const PLUS = 0x2b
const PERCENT = 0x25
const AMPERSAND = 0x26
const EQUALS = 0x3d

const hexValue = (code: number): number =>
  code >= 0x30 && code <= 0x39
    ? code - 0x30
    : code >= 0x41 && code <= 0x46
      ? code - 0x37
      : code >= 0x61 && code <= 0x66
        ? code - 0x57
        : -1

/** Percent-decodes one urlencoded name or value into bytes (`+` is a space; a stray `%` stays). */
function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  let length = 0
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]
    const high = byte === PERCENT && i + 2 < bytes.length ? hexValue(bytes[i + 1]) : -1
    const low = high >= 0 ? hexValue(bytes[i + 2]) : -1
    if (low >= 0) {
      out[length++] = high * 16 + low
      i += 2
    } else {
      out[length++] = byte === PLUS ? 0x20 : byte
    }
  }
  return out.subarray(0, length)
}

const ASCII = new TextDecoder('latin1')

/** Bytes as ASCII text with every other byte percent-encoded, to name something that is not text. */
const escaped = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) =>
    byte >= 0x20 && byte < 0x7f && byte !== PERCENT
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('')

/** The pairs of an urlencoded body, in order, decoded in `charset` or the `_charset_` field's. */
function urlencodedPairs(body: Uint8Array, charset: string | null): Pairs {
  const raw: Array<[Uint8Array, Uint8Array]> = []
  let start = 0
  while (start <= body.length) {
    let end = body.indexOf(AMPERSAND, start)
    if (end < 0) end = body.length
    if (end > start) {
      const part = body.subarray(start, end)
      const equals = part.indexOf(EQUALS)
      raw.push(
        equals < 0
          ? [percentDecode(part), new Uint8Array(0)]
          : [percentDecode(part.subarray(0, equals)), percentDecode(part.subarray(equals + 1))],
      )
    }
    start = end + 1
  }
  // `_charset_` names an encoding, so its own bytes are ASCII whatever the charset.
  const field = raw.find(([name]) => ASCII.decode(name) === CHARSET_FIELD)
  const decoder = decoderFor(charset ?? (field ? ASCII.decode(field[1]).trim().toLowerCase() || null : null))
  return raw.map(([nameBytes, valueBytes]) => {
    const name = decodeText(nameBytes, decoder, `A field name (${escaped(nameBytes)})`)
    return [name, decodeText(valueBytes, decoder, `The value of field ${JSON.stringify(name)}`, { field: name })]
  })
}

/** FormData of a multipart body; 400 when it cannot be read. */
async function formDataOf(body: Uint8Array | string, contentType: string): Promise<FormData> {
  try {
    return await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new AppError(
      'bad_request',
      'The multipart body could not be read; let the browser or your HTTP client build it (and its boundary)',
    )
  }
}

/** The text pairs of a FormData; a file part is a 415 naming its field. */
function textPairs(form: FormData): Pairs {
  const pairs: Pairs = []
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      throw new AppError(
        'unsupported_media_type',
        `Field ${JSON.stringify(name)} is a file, but this form has no file field, so nothing was stored. Remove the file input, or ask the owner to add a file field`,
        { field: name },
      )
    }
    pairs.push([name, value])
  }
  return pairs
}

/**
 * The pairs of a multipart body. The runtime reads parts as UTF-8 and replaces bad bytes,
 * so the whole body is checked: boundaries and part headers are ASCII, and every part is
 * text, so a body valid in its charset has valid fields. A declared charset other than
 * UTF-8 is decoded first and the parts read again.
 */
async function multipartPairs(body: Uint8Array, contentType: string, charset: string | null): Promise<Pairs> {
  const lossy = textPairs(await formDataOf(body, contentType))
  const field = lossy.find(([name]) => name === CHARSET_FIELD)
  const decoder = decoderFor(charset ?? (field?.[1].trim().toLowerCase() || null))
  if (!isUtf8(decoder)) return textPairs(await formDataOf(decodeText(body, decoder, 'The multipart body'), contentType))
  try {
    decoder.decode(body)
    return lossy
  } catch {
    const bad = lossy.find(([name, value]) => name.includes('\ufffd') || value.includes('\ufffd'))
    throw new AppError(
      'bad_request',
      `${bad ? `The value of field ${JSON.stringify(bad[0])}` : 'The multipart body'} is not valid UTF-8; send text encoded as UTF-8 or declare its charset (a _charset_ form field)`,
      bad ? { field: bad[0] } : undefined,
    )
  }
}
