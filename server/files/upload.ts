/**
 * @module `files.upload`: one file sent to an endpoint before the JSON record that names it.
 * The endpoint is resolved and charged like a record post (published, taking writes, its
 * rate limits), the file checked against the form's file fields (the named one, else the
 * largest `maxSize` of them: a form without file fields takes no files), streamed in
 * (receive.ts), and answered as a pending file. A file no record names within 24 hours is
 * deleted by the sweeper (server/files/sweeper.ts).
 */
import { AppError } from '../contract/errors.ts'
import { type FileObject, fileOptions } from '../contract/files/model.ts'
import { fieldsOf } from '../core/collect/field-cache.ts'
import type { FieldMap } from '../core/collect/field-cache-types.ts'
import { proposerOf } from '../core/collect/submitter.ts'
import type { AppContext } from '../core/context.ts'
import { fileObject } from '../core/files/references.ts'
import type { FieldRule } from '../core/fields/values.ts'
import { resolveEndpoint, type ShareAccess } from '../core/share/resolve.ts'
import { receiveFile } from './receive.ts'

/** One upload as the face hands it over. */
export interface UploadCall extends ShareAccess {
  token: string
  /** The file field named (`?field=`), or null. */
  field: string | null
  /** Bytes the client declared (Content-Length of the body), when it did. */
  declaredBytes?: number
}

/** The file of an upload as the face finds it in the body: its name as given (or null) and its bytes. */
export interface UploadBody {
  name: string | null
  bytes: AsyncIterable<Uint8Array>
}

/** The form's defined file fields. */
const fileFieldsOf = (fields: FieldMap): FieldRule[] =>
  [...fields.values()].filter((field) => field.type === 'file' && !field.autoCreated && !field.proposed)

/** The largest file a client may send, from the named field or else the form's file fields (422 without any). */
export function sizeLimit(fields: FieldMap, named: string | null): number {
  const files = fileFieldsOf(fields)
  if (named !== null) {
    const field = fields.get(named)
    if (!field || !files.includes(field))
      throw new AppError(
        'invalid_value',
        `${JSON.stringify(named)} is not a file field of this form${files.length ? `; its file fields are ${files.map((f) => JSON.stringify(f.name)).join(', ')}` : ''}`,
        { field: named },
      )
    return fileOptions(field.file).maxSize
  }
  if (files.length === 0)
    throw new AppError(
      'invalid_value',
      'This form has no file field, so it takes no files; nothing was stored. Ask the owner to add a file field',
    )
  return Math.max(...files.map((field) => fileOptions(field.file).maxSize))
}

/**
 * Reads the file from `source` (called once the endpoint is resolved, so nothing of the
 * body is read for a refused one) as a pending file of the endpoint's app. Throws what resolving the endpoint
 * throws, 422 for a form without (that) file field, and what receiving the file throws.
 */
export async function uploadFile(
  ctx: AppContext,
  call: UploadCall,
  source: () => Promise<UploadBody>,
): Promise<FileObject> {
  const endpoint = await resolveEndpoint(ctx, call.token, 'write', call)
  const fields = await fieldsOf(ctx, endpoint.appId)
  const maxBytes = sizeLimit(fields, call.field)
  const proposer = await proposerOf(ctx, endpoint, call.bearer ?? null, call.client ?? null)
  const body = await source()
  const row = await receiveFile(
    ctx,
    {
      appId: endpoint.appId,
      name: body.name,
      what: body.name ? `The file ${JSON.stringify(body.name)}` : 'The file',
      maxBytes,
      client: proposer === null ? null : (call.client ?? null),
      uploadedBy: proposer,
      ...(call.declaredBytes === undefined ? {} : { declaredBytes: call.declaredBytes }),
    },
    body.bytes,
  )
  return fileObject(row)
}
