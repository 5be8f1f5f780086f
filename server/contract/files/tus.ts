/**
 * @module The tus 1.0 protocol as svc speaks it (https://tus.io/protocols/resumable-upload):
 * the version, the extensions it offers, the headers its answers carry and how long an
 * unfinished upload is kept. Pure, so the route table, the HTTP face and the CORS rules read
 * the same names.
 */

/** The one protocol version svc speaks (Tus-Resumable, Tus-Version). */
export const TUS_VERSION = '1.0.0'

/** The extensions offered (Tus-Extension): no creation-with-upload, defer-length, concatenation or checksums. */
export const TUS_EXTENSIONS = ['creation', 'termination', 'expiration'] as const

/** How long an upload may take from its creation before it is deleted: 24 hours. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000

/** The media type of a PATCH body. */
export const TUS_CHUNK_TYPE = 'application/offset+octet-stream'

/** The request headers a tus client sends (allowed by the share CORS). */
export const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
  'X-HTTP-Method-Override',
] as const

/** The answer headers a tus client reads (exposed by the share CORS to browser code). */
export const TUS_ANSWER_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
  'Tus-Version',
  'Tus-Resumable',
  'Tus-Max-Size',
  'Tus-Extension',
] as const
