/**
 * @module The examples of sending files to an endpoint with file fields, built from its
 * live fields: a multipart post to /form with curl (`-F cv=@cv.pdf`), and for JSON an
 * upload to /files first whose id the record then names (`{"cv": {"file": "<id>"}}`). Both
 * are shell a reader can run as they stand in a folder holding the files they name.
 */
import { fileOptions, FILE_LIMITS } from '../files/model.ts'
import { exampleData, formPairs } from './examples.ts'
import type { HelpField } from './input.ts'
import { codeBlock, shellQuote } from './markdown.ts'

/** What the examples need of a field: its name, type and options, and a file field's options. */
export type ExampleField = Pick<HelpField, 'name' | 'type' | 'options' | 'maxFiles' | 'maxSize' | 'accept' | 'max'>

/** The file fields of `fields`. */
export const fileFields = <F extends ExampleField>(fields: readonly F[]): F[] =>
  fields.filter((field) => field.type === 'file')

/** The extension of an example file a field takes: the first kind its `accept` names that has one, else `.pdf`. */
function exampleExtension(field: ExampleField): string {
  for (const entry of field.accept ?? []) {
    const wanted = entry.trim().toLowerCase()
    if (wanted.startsWith('.')) return wanted
    if (wanted === 'application/pdf') return '.pdf'
    if (wanted.startsWith('image/')) return wanted === 'image/jpeg' ? '.jpg' : '.png'
    if (wanted === 'text/plain' || wanted === 'text/*') return '.txt'
  }
  return '.pdf'
}

/** The local file name the examples send for file field number `index`: the field's name when it is a safe one. */
export function exampleFileName(field: ExampleField, index: number): string {
  const base = /^[A-Za-z0-9_-]{1,40}$/.test(field.name) ? field.name : `file${index + 1}`
  return `${base}${exampleExtension(field)}`
}

/** The curl command posting the form's text answers and one file per file field to /form, as multipart/form-data. */
export function multipartCurlCommand(url: string, fields: readonly ExampleField[]): string {
  // --form-string: a value starting with @ or < stays text; -F name=@file attaches the file.
  const texts = formPairs(fields).map(([name, value]) => `  --form-string ${shellQuote(`${name}=${value}`)} \\`)
  const files = fileFields(fields).map(
    (field, i) => `  -F ${shellQuote(`${field.name}=@${exampleFileName(field, i)}`)} \\`,
  )
  return [`curl ${shellQuote(`${url}/form`)} \\`, ...texts, ...files, `  -H 'Accept: application/json'`].join('\n')
}

/** multipartCurlCommand as a shell code block. */
export const curlMultipart = (url: string, fields: readonly ExampleField[]): string =>
  codeBlock(multipartCurlCommand(url, fields), 'sh')

/** Shell-safe variable holding the id of file field number `index`. */
const idVariable = (index: number) => `id${index + 1}`

/** The placeholder a file id takes in the JSON before it is put in the shell (a string no example value holds). */
const idSlot = (index: number) => `__svc_file_id_${index}__`

/** Uploading each file to /files (its id kept in a shell variable), then the JSON record naming them. */
export function curlUploadThenJson(url: string, fields: readonly ExampleField[]): string {
  const files = fileFields(fields)
  const uploads = files.map((field, i) => {
    const name = exampleFileName(field, i)
    // curl's --data-binary says urlencoded unless told otherwise, and /files takes no urlencoded body.
    return `${idVariable(i)}=$(curl -s ${shellQuote(`${url}/files`)} --data-binary ${shellQuote(`@${name}`)} \\\n  -H 'Content-Type: application/octet-stream' \\\n  -H ${shellQuote(`Content-Disposition: attachment; filename="${name}"`)} | jq -r .data.id)`
  })
  const data = exampleData(fields)
  files.forEach((field, i) => {
    const reference = { file: idSlot(i) }
    data[field.name] = fileOptions(field).maxFiles > 1 ? [reference] : reference
  })
  let body = shellQuote(JSON.stringify(data))
  // The ids go into the single-quoted JSON by closing the quotes around a double-quoted variable.
  files.forEach((_, i) => {
    body = body.replace(idSlot(i), `'"$${idVariable(i)}"'`)
  })
  return codeBlock(
    [...uploads, `curl -X POST ${shellQuote(url)} \\`, "  -H 'Content-Type: application/json' \\", `  -d ${body}`].join(
      '\n',
    ),
    'sh',
  )
}

/** How long a file uploaded first waits for a record to name it, in words. */
export const PENDING_WORDS = `${FILE_LIMITS.pendingMs / 3_600_000} hours`
