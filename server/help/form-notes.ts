/**
 * @module The `?help` lines about how a form's fields are asked: each field's help, placeholder,
 * rules, and whether it is hidden (filled from the link) or prefilled, with what happens to an
 * answer that breaks a rule. Only written when a field has any of them.
 */
import { UTM_KEYS, utmParameter } from '../contract/fields/link.ts'
import { RULE_KEYS } from '../contract/fields/rules.ts'
import type { HelpField } from '../contract/help/input.ts'
import { escapeText, inlineCode } from '../contract/help/markdown.ts'

/** One field's settings in words, or null when it has none. */
function fieldNote(field: HelpField): string | null {
  const parts: string[] = []
  if (field.hidden)
    parts.push(`hidden: never shown, filled from the link (\`/f/<token>?${encodeURIComponent(field.name)}=…\`)`)
  if (field.prefill) parts.push('prefilled from the link when it names the field')
  if (field.help) parts.push(`help "${escapeText(field.help)}"`)
  if (field.placeholder) parts.push(`placeholder "${escapeText(field.placeholder)}"`)
  const rules = RULE_KEYS.filter((key) => field.rules?.[key] !== undefined).map(
    (key) => `${key} ${inlineCode(String(field.rules![key]))}`,
  )
  if (rules.length > 0) parts.push(`rules: ${rules.join(', ')}`)
  return parts.length === 0 ? null : `- ${inlineCode(field.name)}: ${parts.join('; ')}`
}

/** The notes on the fields' form settings, starting with a blank line, or '' when no field has any. */
export function formNotes(fields: readonly HelpField[]): string {
  const notes = fields.map(fieldNote).filter((note): note is string => note !== null)
  if (notes.length === 0) return ''
  return [
    '',
    '',
    'How the fields are asked:',
    ...notes,
    '',
    `An answer that breaks a field's rules is refused with 422 \`invalid_value\` naming the field and the rule (\`rules.maxLength\`). A hidden field's value that does not fit is dropped instead (the respondent cannot fix it) and the record's \`meta.dropped\` names the field; hidden fields are never required. The link's UTM parameters (${UTM_KEYS.map((key) => inlineCode(utmParameter(key))).join(', ')}) are kept in the record's \`meta.utm\`.`,
  ].join('\n')
}
