/**
 * @module A file field's options in the fields editor: how many files one answer holds
 * (maxFiles), the largest file (maxSize, typed in MiB, sent in bytes) and the kinds taken
 * (accept, typed comma-separated). They are top-level keys of fields.add and fields.update.
 */
import { css, html } from 'lit'
import { FILE_LIMITS, type FileOptions, fileOptions } from '../../../server/contract/files/model.ts'

const MiB = 1024 * 1024

/** Bytes as the MiB the owner types ("25", "0.5"). */
export const toMiB = (bytes: number): string => String(Number((bytes / MiB).toFixed(2)))

/** Typed MiB as bytes; null for nothing typed or something that is not a positive number. */
export function fromMiB(text: string): number | null {
  const value = Number(text.trim())
  return text.trim() === '' || !Number.isFinite(value) || value <= 0 ? null : Math.round(value * MiB)
}

/** The kinds typed comma-separated ("application/pdf, .docx") as `accept`. */
export const parseAccept = (text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

/** The file options the add form holds (`maxFiles`, `maxSize` in MiB, `accept`), only those typed. */
export function fileOptionsOfForm(form: FormData): Partial<FileOptions> {
  const patch: Partial<FileOptions> = {}
  const files = String(form.get('maxFiles') ?? '').trim()
  if (files !== '') patch.maxFiles = Number(files)
  const size = fromMiB(String(form.get('maxSize') ?? ''))
  if (size !== null) patch.maxSize = size
  const accept = parseAccept(String(form.get('accept') ?? ''))
  if (accept.length > 0) patch.accept = accept
  return patch
}

/**
 * The three inputs of a file field's options. For a field's row (`field` given) each change
 * calls `onChange` with its key; in the add form (`field` null) they carry names for FormData.
 */
export function fileOptionInputs(
  field: { name: string; maxFiles?: number; maxSize?: number; accept?: string[] } | null,
  onChange: (patch: Partial<FileOptions>) => void = () => {},
) {
  const options = fileOptions(field)
  const of = field ? ` of field ${field.name}` : ''
  const value = (event: Event) => (event.target as HTMLInputElement).value
  return html`<div class="file-options">
    <label
      >Files
      <input
        type="number"
        name=${field ? '' : 'maxFiles'}
        aria-label="Most files${of}"
        min="1"
        max=${FILE_LIMITS.maxFiles}
        step="1"
        .value=${field ? String(options.maxFiles) : ''}
        placeholder=${String(FILE_LIMITS.defaultMaxFiles)}
        @change=${(event: Event) => field && onChange({ maxFiles: Number(value(event)) })}
    /></label>
    <label
      >Max MiB
      <input
        type="number"
        name=${field ? '' : 'maxSize'}
        aria-label="Largest file in MiB${of}"
        min="0.01"
        step="any"
        .value=${field ? toMiB(options.maxSize) : ''}
        placeholder=${toMiB(FILE_LIMITS.defaultMaxSize)}
        @change=${(event: Event) => {
          const bytes = fromMiB(value(event))
          if (field && bytes !== null) onChange({ maxSize: bytes })
        }}
    /></label>
    <label class="accept"
      >Kinds
      <input
        name=${field ? '' : 'accept'}
        aria-label="Kinds of file taken${of}, comma-separated"
        .value=${field ? options.accept.join(', ') : ''}
        title=${field ? options.accept.join(', ') : ''}
        placeholder="any (e.g. application/pdf, image/*, .docx)"
        @change=${(event: Event) => field && onChange({ accept: parseAccept(value(event)) })}
    /></label>
  </div>`
}

export const fileOptionsStyles = css`
  /* In a field's row: the three under each other, as narrow as the options textarea of a choice field. */
  .file-options {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 4px 6px;
    min-width: 96px;
  }
  .file-options label {
    display: flex;
    flex-direction: column;
    font-size: 12px;
    color: var(--svc-muted);
  }
  /* In the add form: one line with the other inputs where it fits. */
  form.add .file-options {
    flex: 3 1 320px;
    grid-template-columns: 1fr 1fr 3fr;
  }
`
