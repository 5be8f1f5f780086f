/**
 * @module Help sections about writing records: what a record may hold (key and number
 * rules, empty records, types of auto-created fields) and the /form and /batch protocols.
 * The endpoint's page includes them all; /form?help and /batch?help include their own.
 */
import { FIELD_NAME_RULES } from '../contract/fields/names.ts'
import { LIMITS } from '../contract/limits.ts'
import { curlBatch, htmlForm } from '../contract/help/examples.ts'
import { curlMultipart, curlUploadThenJson, fileFields, PENDING_WORDS } from '../contract/help/file-examples.ts'
import { fileHint } from '../contract/files/hint.ts'
import { fileOptions } from '../contract/files/model.ts'
import { inlineCode } from '../contract/help/markdown.ts'
import type { HelpInput } from './live.ts'

/** The rules every record meets, on every write path, exactly as they are enforced. */
export function recordRulesSection(): string {
  return [
    `- **Field names** (top-level keys): ${FIELD_NAME_RULES}. A name that breaks a rule is a 422 \`invalid_value\``,
    '  naming the key; two keys that are the same name once trimmed and normalised are a 422 too.',
    '- **Numbers** are stored as JSON numbers (64-bit floating point). A number beyond ±9,007,199,254,740,991 (2^53−1)',
    '  with more than 15 significant digits, one that overflows (`1e400`) or one that is not zero but would be stored as',
    '  0 (`1e-400`) is a 422 `invalid_value`: send such values as strings. `1e20` is kept exactly; `-0` is stored as `0`.',
    '- **Empty records** are refused: `{}`, `{"data": {}}` or a form with nothing but reserved keys is a 422',
    '  `empty_record` (a submission that only fills the honeypot is still answered like a success).',
    '- **New keys become proposed fields**: stored with the record and shown to the owner, but on no form, snippet or',
    '  help page until the owner accepts them. Their type (inferred from the first value) is only a hint and later',
    '  records may hold any value there; accepting settles the type. Only fields the owner defined or accepted check values.',
    `- Errors about many keys name the first ${LIMITS.listedKeys} and give the \`count\` of all in \`details\`.`,
  ].join('\n')
}

/** POST /form: media types, coercion and reserved keys, with an HTML example. */
export function formSection(input: HelpInput): string {
  return [
    `\`${input.url}/form\` takes \`application/x-www-form-urlencoded\` and \`multipart/form-data\` (${fileFields(input.fields).length > 0 ? 'with files for the file fields, see "Files"' : 'text parts only'}).`,
    "Repeated names become arrays. Values arrive as text: a defined field's type decides (number, boolean,",
    'multichoice → array); for new fields a plain decimal such as `-12.5` becomes a number and everything else stays',
    'text (`""` is kept). Text is read as UTF-8 unless the request declares another charset, as a `charset` parameter',
    'of the Content-Type or a `_charset_` field (what browsers fill in for `<input type="hidden" name="_charset_">`,',
    'e.g. with `accept-charset="iso-8859-1"`); bytes that are not valid in that charset are a 400 `bad_request`',
    'naming the field. Keys starting with `_` are reserved and never become fields:',
    '',
    `- \`${input.honeypot}\`: the honeypot. Hide it from people; a submission that fills it is stored flagged as spam and`,
    '  answered exactly like a success, so bots learn nothing; its keys never become fields.',
    '- `_redirect`: answer 303 to this URL after storing, only to origins the owner allowed; another is not followed',
    '  and the answer says so (`details.redirect` in JSON; a browser sees the thank-you page, which never shows the',
    '  address); the record keeps it for the owner in `meta.redirectRefused`.',
    '- `_source`: stored as `meta.source`.',
    '- `_lang`: the language the form was shown in (`fr`), kept as `meta.lang` only when the form offers it; values',
    '  are always the options themselves, whatever language labelled them.',
    '- `_charset_`: the charset of the other values (see above).',
    '',
    "A form the browser posts itself (`Sec-Fetch-Mode: navigate`) gets pages, not JSON: 303 to the owner's thank-you",
    "URL or to a hosted thank-you page (with a link back to the form's page), and a refusal as an HTML page that lists",
    'each problem. `fetch()`, scripts and curl keep the JSON answers.',
    '',
    htmlForm(input),
  ].join('\n')
}

/**
 * Files, for an endpoint with file fields: the three ways in (a form with a file input, curl
 * -F to /form, an upload to /files named by a JSON record) and tus resumable uploads; '' when
 * it has none.
 */
export function filesSection(input: HelpInput): string {
  const files = fileFields(input.fields)
  if (files.length === 0) return ''
  const list = files.map(
    (field) =>
      `- ${inlineCode(field.name)}: ${fileHint(fileOptions(field))}${fileOptions(field).maxFiles > 1 ? ' The answer is an array of files.' : ''}`,
  )
  return [
    'These fields take files (checked by their bytes, not their names):',
    '',
    ...list,
    '',
    'Three ways to send them:',
    '',
    '1. **An HTML form** with `enctype="multipart/form-data"` and a file input per file field posts the files with the',
    '   answers in one request (the form under "HTML forms" does; without the enctype a browser sends only the file\'s name).',
    '2. **A multipart post to /form**, the files as parts named by their fields (here with curl, in a folder holding the files):',
    '',
    curlMultipart(input.url, input.fields),
    '',
    `3. **JSON**: upload each file first to \`${input.url}/files\` (the raw bytes with any Content-Type but urlencoded, its name in \`Content-Disposition\` or`,
    `   \`?name=\`; or a multipart body with one file part), which answers the file \`{"code": 200, "data": {"id", "name",`,
    `   "size", "type", "sha256"}}\`; then name it in the record as \`{"file": "<id>"}\` within ${PENDING_WORDS} (an array of them`,
    '   for a field that takes several files). An upload no record names by then is deleted.',
    '',
    curlUploadThenJson(input.url, input.fields),
    '',
    `**Resumable uploads** (large files, unsteady connections): \`${input.url}/uploads\` speaks the tus protocol, so`,
    "tus-js-client and Uppy's Tus plugin work with it as their endpoint; the finished upload's id is named in the record",
    'as above.',
    '',
    "A file past its field's size is a 413 `too_large`, one of another kind or too many files a 422 `invalid_value`; a",
    'file holding a virus is a 422 `infected`. Files are private: only the owner downloads them; a record read back',
    'holds each file as `{id, name, size, type, sha256}`.',
  ].join('\n')
}

/** POST /batch: all or nothing, and how a bad element is reported. */
export function batchSection(input: HelpInput): string {
  return [
    `A JSON array of up to ${LIMITS.maxBatch} records (each canonical or flat), stored all or nothing in one transaction.`,
    'The answer lists the new ids in order: `{"code": 200, "data": {"ids": [...]}}`. An invalid element is answered',
    'with the status and type the same record would get on its own (400 `bad_request` for `null` or a bad `meta`,',
    '422 `invalid_value`, `empty_record`…), its position in `details.index` (from 0), and then nothing is stored.',
    '',
    curlBatch(input),
  ].join('\n')
}
