/**
 * @module A file field's answer on screen: one chip per file with its name, size and type,
 * in place of the JSON of its file objects. The Data tab's cells and the record drawer
 * show the same chips.
 */
import { css, html } from 'lit'
import { type FileObject, formatBytes } from '../../../server/contract/files/model.ts'

/** One file's chip: its name (cut to fit, whole on hover), then size and type. */
export const fileChip = (file: FileObject) =>
  html`<span class="file-chip" title=${file.name}
    ><span class="file-name" dir="auto">${file.name}</span
    ><span class="file-meta">${formatBytes(file.size)} · ${file.type}</span></span
  >`

/** The chips of an answer's files, as a list. */
export const fileChips = (files: readonly FileObject[]) =>
  html`<ul class="file-chips">
    ${files.map((file) => html`<li>${fileChip(file)}</li>`)}
  </ul>`

export const fileChipStyles = css`
  ul.file-chips {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .file-chip {
    display: inline-flex;
    align-items: baseline;
    gap: 6px;
    max-width: 100%;
    padding: 2px 8px;
    border: 1px solid var(--svc-border);
    border-radius: 10px;
    background: var(--svc-sidebar);
    font-size: 12.5px;
  }
  .file-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 24ch;
    font-weight: 600;
  }
  .file-meta {
    color: var(--svc-muted);
    white-space: nowrap;
  }
`
