/**
 * @module A short page with a heading and a sentence, for public pages that cannot be
 * shown (unknown form, wrong report key, writes switched off).
 */
import { DEFAULT_THEME, type Theme } from '../contract/connect/schemas.ts'
import { html } from './html.ts'
import { document } from './layout.ts'

/** A complete document saying `title` and `message`. */
export function messageDocument(title: string, message: string, theme: Theme = DEFAULT_THEME, lang?: string): string {
  return document({ title, theme, lang, body: html`<h1>${title}</h1><p>${message}</p>` })
}
