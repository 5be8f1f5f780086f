/**
 * @module The flags of `share set` for the form's languages: `--language` (the language its
 * own texts are in), `--translation fr.thankYouMessage="Merci !"` repeated for each text (an
 * empty text removes it; `fr.offered=` offers a language with no texts of its own), and
 * `--translations` with the whole `{"fr": {…}}` object as JSON. The server's schema checks them.
 */
import type { ArgsDef } from 'citty'
import { jsonArg, repeatedFlag } from '../../command.ts'
import { usageError } from '../../errors.ts'
import type { UpdateShareInput } from '../../../server/contract/share/schemas.ts'

const KEYS = ['thankYouMessage', 'closedMessage'] as const

export const languageArgs = {
  language: {
    type: 'string',
    description: "The language the form's own texts are in, a tag such as en or pt-BR (default en)",
    valueHint: 'tag',
  },
  translation: {
    type: 'string',
    description: `lang.key=text, repeat for each: the ${KEYS.join(' or ')} in another language ("" removes it; lang.offered= offers the language with no texts of its own)`,
    valueHint: 'text',
  },
  translations: {
    type: 'string',
    description:
      'Every language\'s texts as JSON, e.g. {"fr":{"thankYouMessage":"Merci !"}}; null for a language removes it',
    valueHint: 'json',
  },
} as const satisfies ArgsDef

/** The share settings the language flags ask for (undefined where a flag is not given). */
export function languageBody(
  args: { language?: string; translations?: string },
  argv: readonly string[],
): Pick<UpdateShareInput, 'language' | 'translations'> {
  const pairs = repeatedFlag(argv, 'translation')
  const whole = args.translations === undefined ? undefined : jsonArg(args.translations, 'translations')
  let translations = whole as UpdateShareInput['translations']
  if (pairs.length > 0) {
    const merged: Record<string, Record<string, string> | null> = {
      ...(whole as Record<string, Record<string, string>>),
    }
    for (const raw of pairs) {
      const match = /^([^.=]+)\.([A-Za-z]+)=(.*)$/s.exec(raw)
      if (!match || ![...KEYS, 'offered'].includes(match[2]))
        throw usageError(
          `--translation must be lang.key=text with key ${KEYS.join(' or ')} (or lang.offered=), e.g. fr.thankYouMessage="Merci !"; got ${JSON.stringify(raw)}`,
        )
      const [, lang, key, text] = match
      merged[lang] = { ...merged[lang], ...(key === 'offered' ? {} : { [key]: text }) }
    }
    translations = merged as UpdateShareInput['translations']
  }
  return { language: args.language, translations }
}
