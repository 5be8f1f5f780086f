/**
 * @module The `?help` lines about how a form's fields are asked: each field's help, placeholder,
 * rules, whether it is hidden (filled from the link) or prefilled, its condition (showIf) and languages,
 * with what happens to an answer that breaks a rule or that a condition does not ask for. Only written when a field has any of them.
 */
import { UTM_KEYS, utmParameter } from '../contract/fields/link.ts'
import { RULE_KEYS } from '../contract/fields/rules.ts'
import type { HelpField } from '../contract/help/input.ts'
import { SHOW_IF_OPS } from '../contract/fields/show-if.ts'
import { showIfText } from '../contract/fields/show-if-text.ts'
import { escapeText, inlineCode } from '../contract/help/markdown.ts'
import type { PageLayout } from '../contract/share/pages.ts'

/** What conditions do to a submission (written when a field has one). */
const CONDITIONS_NOTE = `A field asked only on a condition (\`showIf\`, on earlier answers: ${SHOW_IF_OPS.map(inlineCode).join(', ')}) is required only when the condition holds, and when it does not, its answer is dropped from the stored record whatever was sent, so the record holds what the respondent was asked; a question not asked counts as unanswered for the conditions after it.`

/** How a translated form is shown and stored (written when a field has translations). */
const LANGUAGES_NOTE =
  "A translated form's fill-in page picks its language by `?lang=` (`/f/<token>?lang=fr`), then the browser's Accept-Language, then the form's default (share setting `language`); it labels options in that language but posts the options themselves, and its `_lang` is kept in the record's `meta.lang`."

/** One field's settings in words, or null when it has none. */
function fieldNote(field: HelpField): string | null {
  const parts: string[] = []
  if (field.hidden)
    parts.push(`hidden: never shown, filled from the link (\`/f/<token>?${encodeURIComponent(field.name)}=…\`)`)
  if (field.prefill) parts.push('prefilled from the link when it names the field')
  if (field.showIf) parts.push(`asked only when ${inlineCode(showIfText(field.showIf))}`)
  if (field.page !== undefined) parts.push(`page ${field.page} of the fill-in form`)
  if (field.help) parts.push(`help "${escapeText(field.help)}"`)
  if (field.placeholder) parts.push(`placeholder "${escapeText(field.placeholder)}"`)
  if (field.translations) parts.push(`translated into ${Object.keys(field.translations).map(inlineCode).join(', ')}`)
  const rules = RULE_KEYS.filter((key) => field.rules?.[key] !== undefined).map(
    (key) => `${key} ${inlineCode(String(field.rules![key]))}`,
  )
  if (rules.length > 0) parts.push(`rules: ${rules.join(', ')}`)
  return parts.length === 0 ? null : `- ${inlineCode(field.name)}: ${parts.join('; ')}`
}

/** What a page condition does to a submission (written when a page has one). */
const PAGE_CONDITIONS_NOTE =
  'A page shown only on a condition (its `showIf`, on answers of earlier pages) is skipped when the condition does not hold: none of its questions is asked, so none is required and their answers are dropped from the stored record whatever was sent.'

/** The lines on the form's page layout (titles, page conditions), or none. */
function pageNotes(pages: readonly PageLayout[]): string[] {
  const notes = pages.flatMap((page, i) => {
    const parts = [
      ...(page.title ? [`titled "${escapeText(page.title)}"`] : []),
      ...(page.showIf ? [`shown only when ${inlineCode(showIfText(page.showIf))}`] : []),
    ]
    return parts.length === 0 ? [] : [`- page ${i + 1}: ${parts.join('; ')}`]
  })
  if (notes.length === 0) return []
  return [
    'The pages of the fill-in form:',
    ...notes,
    '',
    ...(pages.some((page) => page.showIf) ? [PAGE_CONDITIONS_NOTE, ''] : []),
  ]
}

/** The notes on the fields' form settings and the form's pages, starting with a blank line, or '' when there are none. */
export function formNotes(fields: readonly HelpField[], pages: readonly PageLayout[] = []): string {
  const notes = fields.map(fieldNote).filter((note): note is string => note !== null)
  const onPages = pageNotes(pages)
  if (notes.length === 0 && onPages.length === 0) return ''
  return [
    '',
    '',
    ...(notes.length === 0 ? [] : ['How the fields are asked:', ...notes, '']),
    ...(fields.some((field) => field.showIf) ? [CONDITIONS_NOTE, ''] : []),
    ...onPages,
    ...(fields.some((field) => field.translations) ? [LANGUAGES_NOTE, ''] : []),
    `An answer that breaks a field's rules is refused with 422 \`invalid_value\` naming the field and the rule (\`rules.maxLength\`). A hidden field's value that does not fit is dropped instead (the respondent cannot fix it) and the record's \`meta.dropped\` names the field; hidden fields are never required. The link's UTM parameters (${UTM_KEYS.map((key) => inlineCode(utmParameter(key))).join(', ')}) are kept in the record's \`meta.utm\`.`,
  ].join('\n')
}
