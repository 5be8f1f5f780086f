/**
 * @module The resumable uploads of the share endpoint, tus 1.0 with its creation,
 * termination and expiration extensions (contract/files/tus.ts), so tus-js-client and Uppy
 * work unchanged, also from another site (the share CORS). An upload is created with its
 * length, its bytes are sent with PATCH from the offset HEAD tells, and once the last byte
 * is in, the upload's id is a pending file that a JSON record names as {"file": "<id>"}, as
 * one `files.upload` answers. Every answer carries Tus-Resumable; errors are the JSON error
 * envelope at the status tus names (412 for another protocol version, 409 for an offset
 * that is not the upload's, 404 for an upload gone or expired).
 */
import { z } from 'zod'
import { FILE_LIMITS, formatBytes } from '../files/model.ts'
import { TUS_CHUNK_TYPE, TUS_EXTENSIONS, TUS_VERSION, UPLOAD_LIFETIME_MS } from '../files/tus.ts'
import { type OperationsOf, headersOnly, lazyAnswers } from './operation.ts'

const tags = ['uploads']
const resumable = { 'Tus-Resumable': TUS_VERSION }
const hours = UPLOAD_LIFETIME_MS / 3_600_000
const writeErrors = ['not_found', 'disabled', 'closed', 'rate_limited', 'unsupported_version'] as const

export const uploadOperations = lazyAnswers({
  'uploads.options': {
    summary: 'What the tus server takes (its version, extensions and largest upload)',
    description:
      'A tus OPTIONS request (one without Access-Control-Request-Method; a CORS preflight is answered as one). Tus-Max-Size is the largest file the form takes: the largest maxSize of its file fields.',
    tags,
    access: 'public',
    answers: () => ({
      204: headersOnly('The capabilities', {
        'Tus-Version': TUS_VERSION,
        'Tus-Resumable': TUS_VERSION,
        'Tus-Extension': TUS_EXTENSIONS.join(','),
        'Tus-Max-Size': 'Bytes',
      }),
    }),
    errors: ['not_found', 'disabled', 'closed', 'rate_limited', 'invalid_value'],
  },
  'uploads.create': {
    summary: 'Start a resumable upload (tus creation)',
    description: `Upload-Length (bytes, required; Upload-Defer-Length is not offered) and Upload-Metadata (comma-separated "key base64value" pairs; "filename" or "name" is the file's name). Checked like files.upload: at most the largest maxSize of the form's file fields, within the app's storage quota. Location is the upload's address; its last segment is the id a record names once the upload is complete. An upload not complete within ${hours} hours is deleted (Upload-Expires).`,
    tags,
    access: 'token-or-owner',
    answers: () => ({
      201: headersOnly('Created', {
        Location: "The upload's absolute URL (…/uploads/<id>)",
        'Upload-Expires': 'When an unfinished upload is deleted (RFC 9110 date)',
        ...resumable,
      }),
    }),
    errors: [...writeErrors, 'bad_request', 'invalid_value', 'too_large', 'quota_exceeded'],
  },
  'uploads.head': {
    summary: "An upload's offset (where to resume)",
    description:
      'Upload-Offset is the bytes received so far; a complete upload answers its whole length as its offset, so a client that lost the last answer sees it done.',
    tags,
    access: 'token-or-owner',
    answers: () => ({
      200: headersOnly('The offset', {
        'Upload-Offset': 'Bytes received',
        'Upload-Length': 'Bytes in all',
        'Upload-Expires': 'When an unfinished upload is deleted',
        'Cache-Control': 'no-store',
        ...resumable,
      }),
    }),
    errors: writeErrors,
  },
  'uploads.patch': {
    summary: 'Send the next bytes of an upload',
    description: `Content-Type ${TUS_CHUNK_TYPE}, Upload-Offset equal to the upload's offset (else 409 conflict: HEAD for the offset). A PATCH cut off keeps the bytes that arrived. With the last byte the file is checked like files.upload (hash, sniffed type, virus scan, quota): answered only then, and refused as a whole (the upload deleted) when it fails. Bytes past Upload-Length are refused; each one counts against the client's hourly upload budget (${formatBytes(FILE_LIMITS.clientBytesPerHour)} by default, SVC_UPLOAD_RATE).`,
    tags,
    access: 'token-or-owner',
    bodies: { [TUS_CHUNK_TYPE]: z.string().meta({ format: 'binary', description: 'The next bytes' }) },
    answers: () => ({
      204: headersOnly('Stored', {
        'Upload-Offset': 'Bytes received now',
        'Upload-Expires': 'When an unfinished upload is deleted',
        ...resumable,
      }),
    }),
    errors: [
      ...writeErrors,
      'bad_request',
      'conflict',
      'unsupported_media_type',
      'too_large',
      'quota_exceeded',
      'infected',
      'scan_unavailable',
      'timeout',
    ],
  },
  'uploads.delete': {
    summary: 'Delete an unfinished upload (tus termination)',
    tags,
    access: 'token-or-owner',
    answers: () => ({ 204: headersOnly('Deleted, its bytes too', resumable) }),
    errors: writeErrors,
  },
} as const) satisfies OperationsOf<'uploads'>
