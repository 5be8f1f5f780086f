/**
 * @module Field type `file`: files the respondent attaches (a CV, a photo, a PDF). The
 * stored answer is a file object `{id, name, size, type, sha256}`, or an array of them when
 * the field's `maxFiles` is above 1 (contract/files/model.ts). Bytes never travel in a
 * record: a multipart form sends the file as a part, a JSON record names an uploaded file
 * as `{"file": "<id>"}`, and the server puts the file object in its place once it has
 * checked the file against the field's `maxFiles`, `maxSize` and `accept`
 * (core/files/references.ts). Files are private to the owner: the record holds only
 * what is here, the bytes are downloaded with the owner's access.
 */
import { isFileObject, isFileReference } from '../../files/model.ts'
import { defineFieldType, describeValue } from './spec.ts'

/**
 * What a submission may hold for a file field: a reference `{"file": "<id>"}` or an array of
 * them (the server puts the file objects in their place), or the stored file objects
 * themselves (a record read back and edited).
 */
const isFileAnswer = (value: unknown): boolean => {
  const one = (item: unknown) => isFileReference(item) || isFileObject(item)
  return one(value) || (Array.isArray(value) && value.length > 0 && value.every(one))
}

export const file = defineFieldType({
  name: 'file',
  label: 'File upload',
  description:
    'files: from a form a file input (multipart/form-data); from JSON {"file": "<id>"} naming a file uploaded to the endpoint\'s /files or /uploads first; stored as {id, name, size, type, sha256}',
  hasOptions: false,
  check: (value) =>
    isFileAnswer(value)
      ? null
      : `must be a file (a form sends one only with enctype="multipart/form-data"; JSON names an uploaded file as {"file": "<id>"}), got ${describeValue(value)}`,
  // Form text never makes a file: a file comes as a file part (server/http/share/multipart.ts).
  form: { keepsEmpty: false, multiple: false, files: true, coerce: (text) => text, texts: () => [] },
  respondent: { missing: 'Select a file', invalid: 'Select a file of the kind and size asked for' },
  example: () => ({ file: 'f_0123456789abcdef' }),
  previewAnswer: () => undefined,
  control: { kind: 'input', type: 'file' },
  summary: null,
  identifying: false,
  scoring: null,
})
