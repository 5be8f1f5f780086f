/**
 * @module The files operations: uploading a file to an endpoint before the record that names
 * it (`files.upload`), and the owner's downloads (`files.download`, and `files.link` /
 * `files.open`, the short-lived signed address the admin page shows images and PDFs
 * through). File bytes go only to the owner; strangers see a file's name, size and type.
 */
import { z } from 'zod'
import { FILE_LIMITS, formatBytes } from '../files/model.ts'
import { content, data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

export const fileObjectSchema = named('File', () =>
  z.object({
    id: z.string().meta({ description: 'Named by a record as {"file": "<id>"}; the owner downloads it by it' }),
    name: z.string().meta({ description: 'The name the client gave, cleaned (never a path)' }),
    size: z.number().int().meta({ description: 'Bytes' }),
    type: z.string().meta({ description: 'The MIME type sniffed from the bytes' }),
    sha256: z.string().meta({ description: 'SHA-256 of the bytes, lowercase hex' }),
  }),
)

const uploadQuery = z.object({
  name: z
    .string()
    .optional()
    .meta({ description: "The file name, when the body is the raw bytes (else Content-Disposition's filename)" }),
  field: z
    .string()
    .optional()
    .meta({ description: 'The file field it is for: its maxSize and accept are checked at once' }),
})

const linkSchema = z.object({
  url: z.string().meta({ description: 'Opens the file inline, without credentials, until expiresAt' }),
  expiresAt: isoTime,
})

const tags = ['files']
const downloadErrors = ['bad_request', 'not_found'] as const

export const fileOperations = lazyAnswers({
  'files.upload': {
    summary: 'Upload a file for a record to name',
    description: `The body is the file's bytes (any Content-Type but a form's), or multipart/form-data with one file part. Answers the pending file; a JSON record of the same form names it as {"file": "<id>"} within 24 hours, else it is deleted. Streamed to storage while hashed and sniffed; at most the largest maxSize of the form's file fields (the ?field's own, when named), and never more than the server's ceiling (${formatBytes(FILE_LIMITS.maxFileBytes)} by default).`,
    tags,
    access: 'token-or-owner',
    query: uploadQuery,
    bodies: {
      'application/octet-stream': z.string().meta({ format: 'binary', description: 'The file as it is' }),
      'multipart/form-data': z
        .object({ file: z.string().meta({ format: 'binary' }) })
        .meta({ description: 'One file part (any name)' }),
    },
    answers: () => ({ 200: data(fileObjectSchema(), 'Stored, waiting for a record to name it') }),
    errors: [
      'bad_request',
      'disabled',
      'closed',
      'not_found',
      'rate_limited',
      'unsupported_media_type',
      'invalid_value',
      'quota_exceeded',
      'infected',
      'scan_unavailable',
    ],
  },
  'files.download': {
    summary: "Download a record's file (the owner only)",
    description:
      'The bytes as stored, as an attachment with the sniffed type; Range requests answer 206 with the part asked for.',
    tags,
    access: 'owner',
    permission: 'records:read',
    answers: () => ({
      200: content('*/*', 'The file'),
      206: content('*/*', 'The part of the file the Range asked for'),
    }),
    errors: [...downloadErrors, 'range_not_satisfiable'],
  },
  'files.link': {
    summary: 'A short-lived address that shows the file inline',
    description:
      'For showing images and PDFs in a page (the admin): the address opens the file without credentials for a few minutes, inline, in a sandbox.',
    tags,
    access: 'owner',
    permission: 'records:read',
    audited: false,
    answers: () => ({ 200: data(linkSchema, 'The address and when it stops working') }),
    errors: downloadErrors,
  },
  'files.open': {
    summary: 'A file through its short-lived address (files.link)',
    tags,
    access: 'public',
    answers: () => ({
      200: content('*/*', 'The file, inline'),
      206: content('*/*', 'The part of the file the Range asked for'),
    }),
    errors: [...downloadErrors, 'range_not_satisfiable'],
  },
} as const) satisfies OperationsOf<'files'>
