/**
 * @module What a page in a chosen language adds: links to the form in each other language it
 * offers (each named in its own language, with `lang` on the link), and the built-in words
 * fill-in.client.js writes itself, as the form's `data-words` (English needs none: they are
 * the script's own).
 */
import { html, type Html } from '../html.ts'
import { languageName, type PageWords } from './words.ts'

/** The link to the page in `lang`: the same query (hidden and prefilled values, UTM parameters) with `lang` set. */
function languageLink(lang: string, query: URLSearchParams | undefined): string {
  const next = new URLSearchParams(query)
  next.set('lang', lang)
  return `?${next.toString()}`
}

/** The language switcher when the form offers more than one language, else nothing. */
export function languageHtml(
  current: string,
  languages: readonly string[],
  query: URLSearchParams | undefined,
  words: PageWords,
): Html | '' {
  if (languages.length < 2) return ''
  const items = languages.map((lang) =>
    lang === current
      ? html`<li><span aria-current="true" lang="${lang}">${languageName(lang)}</span></li>`
      : html`<li><a href="${languageLink(lang, query)}" hreflang="${lang}" lang="${lang}">${languageName(lang)}</a></li>`,
  )
  return html`<nav class="languages" aria-label="${words.languages}"><ul>${items}</ul></nav>`
}

/** The form's `data-words` for the page's script, when the words are not English. */
export const scriptWords = (words: PageWords): Html | '' =>
  words.lang === 'en'
    ? ''
    : html` data-words="${JSON.stringify({
        ...words.script,
        refusals: words.refusals,
        fileTooLarge: words.fileTooLarge,
        duplicateAnswer: words.duplicateAnswer,
      })}"`
