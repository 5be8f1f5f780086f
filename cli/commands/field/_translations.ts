/**
 * @module The translation flags of field add and update: `--translation fr.label="Votre nom"`,
 * repeated for each text (`fr.options=Rouge,Bleu` or a JSON array, one label per option in the
 * field's order; an empty value removes that text), and `--translations` with the whole
 * `{"fr": {…}}` object as JSON (null removes them all). The server's schema checks both.
 */
import { jsonArg, repeatedFlag } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { TRANSLATION_KEYS } from '../../../server/contract/fields/translations.ts'
import { splitOptions } from '../../../server/contract/fields/options-text.ts'
import type { UpdateFieldInput } from '../../../server/contract/fields/schemas.ts'

export const translationArgs = {
  translation: {
    type: 'string' as const,
    description: `lang.key=text, repeat for each: the field's ${TRANSLATION_KEYS.join(', ')} in another language (options: a,b,c or a JSON array, one per option in order; an empty text removes it), e.g. fr.label="Votre nom"`,
    valueHint: 'text',
  },
  translations: {
    type: 'string' as const,
    description:
      'Every translation as JSON, e.g. {"fr":{"label":"Votre nom"}}: each language merges key by key, null for a language removes it (update: null removes them all)',
    valueHint: 'json',
  },
}

type Entry = Record<string, string | string[]>

/** The body key as the operation takes it (the server's schema checks what the flags gave). */
type TranslationsBody = Pick<UpdateFieldInput, 'translations'>

/** One `--translation` value as its language, key and text. */
function translationOf(raw: string): { lang: string; key: string; value: string | string[] } {
  const match = /^([^.=]+)\.([a-z]+)=(.*)$/s.exec(raw)
  if (!match || !(TRANSLATION_KEYS as readonly string[]).includes(match[2]))
    throw usageError(
      `--translation must be lang.key=text with key one of ${TRANSLATION_KEYS.join(', ')}, e.g. fr.label="Votre nom"; got ${JSON.stringify(raw)}`,
    )
  const [, lang, key, text] = match
  if (key !== 'options' || text === '') return { lang, key, value: key === 'options' ? [] : text }
  const read = splitOptions(text)
  if ('problem' in read) throw usageError(`--translation ${lang}.options ${read.problem}`)
  return { lang, key, value: read.options }
}

/** The body key `translations` of the translation flags, when given. */
export function translationsOf(args: { translations?: string }, argv: readonly string[]): TranslationsBody {
  const pairs = repeatedFlag(argv, 'translation')
  const whole = args.translations === undefined ? undefined : jsonArg(args.translations, 'translations')
  if (pairs.length === 0) return whole === undefined ? {} : ({ translations: whole } as TranslationsBody)
  if (whole !== undefined && (whole === null || typeof whole !== 'object' || Array.isArray(whole)))
    throw usageError(
      '--translations must be an object such as {"fr":{"label":"Votre nom"}} when --translation is given too',
    )
  const merged: Record<string, Entry | null> = { ...(whole as Record<string, Entry | null> | undefined) }
  for (const raw of pairs) {
    const { lang, key, value } = translationOf(raw)
    merged[lang] = { ...merged[lang], [key]: value }
  }
  return { translations: merged } as TranslationsBody
}
