/**
 * @module The fill-in page in the language a respondent gets (contract/languages/choose.ts):
 * which languages the form offers, which one is shown, and the form's texts in it — each
 * field's label, help, placeholder and option labels from its `translations`, each page's
 * title from its own, the thank-you and closed texts from the share setting `translations`,
 * each falling back to the form's own
 * text where a translation is missing. Answers keep their canonical option values.
 */
import { chooseLanguage, offeredLanguages, translated } from '../../contract/languages/choose.ts'
import type { ShareTranslations } from '../../contract/share/languages.ts'
import type { PageLayout } from '../../contract/share/pages.ts'
import type { FillInField } from '../../core/connect/fill-in.ts'
import { wordsOf, type PageWords } from './words.ts'

/** The form's language settings, as the endpoint row (JSON text) or the endpoint cache (parsed) holds them. */
export interface FormLanguageSettings {
  language: string
  translations: string | ShareTranslations
}

/** The language a page is shown in, the languages its form offers (default first) and its built-in words. */
export interface PageLanguage {
  lang: string
  /** The form's default language: its own texts are in it. */
  base: string
  languages: string[]
  words: PageWords
  /** The thank-you and closed texts in other languages. */
  texts: ShareTranslations
}

const textsOf = (settings: FormLanguageSettings): ShareTranslations =>
  typeof settings.translations === 'string'
    ? (JSON.parse(settings.translations) as ShareTranslations)
    : settings.translations

/** The language of a page of the form with `fields`: `asked.query` (`?lang=` or a post's `_lang`), then Accept-Language, then the default. */
export function pageLanguage(
  settings: FormLanguageSettings,
  fields: readonly FillInField[],
  asked: { query?: string | null; acceptLanguage?: string | null },
): PageLanguage {
  const texts = textsOf(settings)
  const languages = offeredLanguages(settings.language, [
    Object.keys(texts),
    ...fields.map((field) => Object.keys(field.translations ?? {})),
  ])
  const lang = chooseLanguage(languages, asked)
  return { lang, base: settings.language, languages, words: wordsOf(lang), texts }
}

/** The language of a page read from a request: its `?lang=` and its Accept-Language header. */
export const requestLanguage = (
  settings: FormLanguageSettings,
  fields: readonly FillInField[],
  request: Request,
  query: string | null = new URL(request.url).searchParams.get('lang'),
): PageLanguage => pageLanguage(settings, fields, { query, acceptLanguage: request.headers.get('accept-language') })

/** The fields with their texts in `language.lang` (those without a translation keep their own). */
export function localizedFields(fields: readonly FillInField[], language: PageLanguage): FillInField[] {
  const { lang } = language
  if (lang === language.base) return [...fields]
  return fields.map((field) => {
    const { translations } = field
    if (!translations?.[lang]) return field
    const help = translated(field.help ?? '', translations, lang, 'help')
    const placeholder = translated(field.placeholder ?? '', translations, lang, 'placeholder')
    const options = translations[lang].options
    return {
      ...field,
      label: translated(field.label, translations, lang, 'label'),
      ...(help ? { help } : {}),
      ...(placeholder ? { placeholder } : {}),
      ...(options ? { optionLabels: options } : {}),
    }
  })
}

/** The owner's thank-you or closed text in the page's language, '' when neither it nor the default one is written. */
export const formText = (text: string, language: PageLanguage, key: 'thankYouMessage' | 'closedMessage'): string =>
  language.lang === language.base ? text : translated(text, language.texts, language.lang, key)

/** The pages with their titles in `language.lang` (a page without one keeps its own). */
export function localizedPages(pages: readonly PageLayout[], language: PageLanguage): PageLayout[] {
  const { lang } = language
  if (lang === language.base) return [...pages]
  return pages.map((page) => ({ ...page, title: translated(page.title, page.translations, lang, 'title') }))
}

/** What the page data adds for its language: the fields' texts and the pages' titles in it, its words, and the switcher's languages. */
export const languagePage = (
  form: { fields: readonly FillInField[]; pages: readonly PageLayout[] },
  language: PageLanguage,
  query?: URLSearchParams,
): {
  fields: FillInField[]
  pages: PageLayout[]
  lang: string
  languages: string[]
  words: PageWords
  query?: URLSearchParams
} => ({
  fields: localizedFields(form.fields, language),
  pages: localizedPages(form.pages, language),
  lang: language.lang,
  languages: language.languages,
  words: language.words,
  ...(query ? { query } : {}),
})
