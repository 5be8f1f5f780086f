import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { FileObject } from '../../../server/contract/files/model.ts'
import { api, fileDownloadUrl } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { fileChip, fileChipStyles } from '../svc-records/file-chips.ts'
import { fileListStyles } from './svc-file-list.styles.ts'

/** Types the drawer shows inline: images a browser draws safely, and PDFs (in a sandboxed frame). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const previewKind = (file: FileObject): 'image' | 'pdf' | null =>
  IMAGE_TYPES.has(file.type) ? 'image' : file.type === 'application/pdf' ? 'pdf' : null

/**
 * @summary The files of one answer in the record drawer: each file's chip and a Download
 * link (the owner's session cookie is the access), and images and PDFs shown inline through
 * a short-lived link (files.link), so the page never needs credentials in a URL.
 */
@customElement('svc-file-list')
export class SvcFileList extends LitElement {
  static override styles = [baseStyles, fileChipStyles, fileListStyles]

  @property({ attribute: false }) appId = ''
  @property({ attribute: false }) files: FileObject[] = []
  /** What the answer is, for the previews' names ("Photo"). */
  @property() label = ''

  /** Inline addresses by file id, once files.link answered; a message when it did not. */
  @state() private links: Record<string, string> = {}
  @state() private error = ''

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('files') || changed.has('appId')) void this.loadLinks()
  }

  private async loadLinks() {
    const wanted = this.files.filter((file) => previewKind(file) !== null && !this.links[file.id])
    for (const file of wanted) {
      try {
        const { url } = await api.fileLink(this.appId, file.id)
        this.links = { ...this.links, [file.id]: url }
      } catch (error) {
        this.error = `The preview could not be loaded: ${(error as Error).message}`
      }
    }
  }

  private renderPreview(file: FileObject) {
    const kind = previewKind(file)
    const url = this.links[file.id]
    if (!kind || !url) return nothing
    // No sandbox attribute on the frame: Chromium shows no PDF in a sandboxed frame. The file's
    // answer is sandboxed by its own CSP (`sandbox`, nosniff, its sniffed type), which keeps
    // any script of the file out of this page just the same, and its viewer still draws it.
    return kind === 'image'
      ? html`<img class="preview" src=${url} alt="Preview of ${file.name}" />`
      : html`<iframe class="preview pdf" src=${url} title="Preview of ${file.name}"></iframe>`
  }

  override render() {
    return html`<ul class="files" aria-label=${this.label ? `Files of ${this.label}` : 'Files'}>
        ${this.files.map(
          (file) => html`<li>
            <div class="line">
              ${fileChip(file)}
              <a class="download" href=${fileDownloadUrl(this.appId, file.id)} download=${file.name}
                >Download<span class="visually-hidden"> ${file.name}</span></a
              >
            </div>
            ${this.renderPreview(file)}
          </li>`,
        )}
      </ul>
      ${this.error ? html`<p class="error small">${this.error}</p>` : nothing}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-file-list': SvcFileList
  }
}
