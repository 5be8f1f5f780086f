/** @module The language a form post says its page was shown in (`_lang`), when the form offers it. */
import { offeredLanguages } from '../../contract/languages/choose.ts'
import type { ShareEndpoint } from '../share/endpoint-cache-types.ts'
import type { FieldMap } from './field-cache-types.ts'

/** The languages the endpoint's form offers: its default, its share translations' and its fields'. */
export function formLanguages(endpoint: Pick<ShareEndpoint, 'language' | 'translations'>, fields: FieldMap): string[] {
  const fieldLanguages = [...fields.values()].map((field) => field.languages ?? [])
  return offeredLanguages(endpoint.language, [Object.keys(endpoint.translations), ...fieldLanguages])
}

/** `sent` when it is exactly one of the languages the form offers, else null (a stranger's word for a note, never trusted further). */
export function formLanguage(
  sent: string,
  endpoint: Pick<ShareEndpoint, 'language' | 'translations'>,
  fields: FieldMap,
): string | null {
  return formLanguages(endpoint, fields).includes(sent) ? sent : null
}
