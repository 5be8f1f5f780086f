/**
 * @module The one HTML form snippet: a native form posting to an endpoint's /form route,
 * one control per field as its type draws it (server/contract/fields/types/control.ts, the
 * same controls as the fill-in page), and the honeypot hidden from people. The `?help`
 * pages show it in a code block and the admin's Setup tab shows it to copy, so both are
 * this function's output. Pure, so the admin bundles it.
 */
import { choiceLayout, type FieldControl } from '../fields/types/control.ts'
import { fieldTypeSpec, type FieldType } from '../fields/types/index.ts'
import type { TypeSettings } from '../fields/type-settings.ts'
import { escapeHtml } from './markdown.ts'
import type { FieldForm } from '../fields/form.ts'
import { ruleAttributes } from '../fields/rule-attributes.ts'
import { UTM_KEYS } from '../fields/link.ts'

/** What the snippet needs of a field; its type's own settings (a rating's `max`) as the API's Field has them. */
export interface SnippetField extends TypeSettings, Pick<FieldForm, 'placeholder' | 'rules' | 'hidden' | 'showIf'> {
  name: string
  type: FieldType
  label: string
  required: boolean
  options: readonly string[] | null
  /** A file field's options, as the API's Field has them (absent: its defaults). */
  maxFiles?: number
  accept?: readonly string[]
}

/** The fields a snippet shows for an app without fields yet. */
export const SNIPPET_DEFAULT_FIELDS: readonly SnippetField[] = [
  { name: 'email', type: 'email', label: 'E-mail', required: false, options: null },
  { name: 'message', type: 'longtext', label: 'Message', required: false, options: null },
]

/** The lines of one field's control, indented for the form. */
function controlLines(field: SnippetField, control: FieldControl): string[] {
  const name = escapeHtml(field.name)
  const label = escapeHtml(field.label || field.name)
  // A question asked only on a condition is not marked required: the snippet shows every question, and the server requires it when asked.
  const required = field.required && !field.showIf ? ' required' : ''
  if (field.hidden) return [`  <input type="hidden" name="${name}" value="">`]
  const rules = (inputType: string | null) =>
    ruleAttributes(field, inputType)
      .map(([attribute, value]) => ` ${attribute}="${escapeHtml(value)}"`)
      .join('')
  if (control.kind === 'textarea')
    return [`  <label>${label} <textarea name="${name}"${rules(null)}${required}></textarea></label>`]
  if (control.kind === 'input' && control.type === 'file') {
    const accept = field.accept && field.accept.length > 0 ? ` accept="${escapeHtml(field.accept.join(','))}"` : ''
    const multiple = (field.maxFiles ?? 1) > 1 ? ' multiple' : ''
    return [`  <label>${label} <input type="file" name="${name}"${accept}${multiple}${required}></label>`]
  }
  if (control.kind === 'checkbox')
    return [
      `  <label><input type="checkbox" name="${name}" value="${escapeHtml(control.value)}"${required}> ${label}</label>`,
    ]
  if (control.kind === 'input') {
    const type = control.type === 'text' ? '' : ` type="${control.type}"${control.decimal ? ' step="any"' : ''}`
    return [`  <label>${label} <input${type} name="${name}"${rules(control.type)}${required}></label>`]
  }
  const choices = control.choices(field.options, field)
  const layout = choiceLayout(control.multiple, choices.length)
  if (layout === 'select') {
    return [
      `  <label>${label}`,
      `    <select name="${name}"${required}>`,
      '      <option value="">Choose…</option>',
      ...choices.map(
        (choice) => `      <option value="${escapeHtml(choice.value)}">${escapeHtml(choice.label)}</option>`,
      ),
      '    </select>',
      '  </label>',
    ]
  }
  // A required group of radios makes the browser ask for one; a checkbox marked required would have to be ticked.
  const input = layout === 'radios' ? `type="radio" name="${name}"` : `type="checkbox" name="${name}"`
  const each = layout === 'radios' ? required : ''
  return [
    `  <fieldset><legend>${label}</legend>`,
    ...choices.map(
      (choice) =>
        `    <label><input ${input} value="${escapeHtml(choice.value)}"${each}> ${escapeHtml(choice.label)}</label>`,
    ),
    '  </fieldset>',
  ]
}

/**
 * A native HTML form that posts to `endpoint`'s /form route: a control per field (or an
 * e-mail and a message field when there are none), the honeypot named `honeypot`, the
 * ALTCHA widget when the endpoint asks for a proof-of-work solution (`challenge`), and the
 * optional `_redirect` as a comment.
 */
export function htmlFormSnippet(
  endpoint: string,
  fields: readonly SnippetField[],
  honeypot: string,
  challenge = false,
): string {
  const list = fields.length > 0 ? fields : SNIPPET_DEFAULT_FIELDS
  // Without multipart/form-data a browser sends a file input's file name, never the file.
  const enctype = list.some((field) => field.type === 'file') ? ' enctype="multipart/form-data"' : ''
  return [
    `<form action="${escapeHtml(`${endpoint}/form`)}" method="POST"${enctype}>`,
    ...list.flatMap((field) => controlLines(field, fieldTypeSpec(field.type).control)),
    // `hidden`: not shown, not focusable and not read out, wherever the form is pasted; bots still fill it.
    '  <!-- Honeypot: people never see it; a bot that fills it is stored as spam and answered as usual -->',
    `  <input type="text" name="${escapeHtml(honeypot)}" tabindex="-1" autocomplete="off" hidden>`,
    ...(challenge ? challengeLines(endpoint) : []),
    '  <!-- Optional: where to send the person afterwards (an origin the owner allowed) -->',
    '  <!-- <input type="hidden" name="_redirect" value="https://example.com/thanks"> -->',
    ...(list.some((field) => field.hidden) ? LINK_SCRIPT : []),
    '  <button type="submit">Send</button>',
    '</form>',
  ].join('\n')
}

/**
 * The ALTCHA widget (MIT) solving the endpoint's proof-of-work challenge by itself on load and
 * adding the `altcha` field the form posts; version pinned to the one svc is tested with.
 */
const challengeLines = (endpoint: string): string[] => [
  '  <!-- Proof of work against spam (ALTCHA): the widget solves a challenge on load and adds the "altcha" field -->',
  '  <script async defer type="module" src="https://cdn.jsdelivr.net/npm/altcha@3.2.2/dist/main/altcha.min.js"></script>',
  `  <altcha-widget challenge="${escapeHtml(`${endpoint}/challenge`)}" auto="onload"></altcha-widget>`,
]

/**
 * With hidden fields: a script that fills them from the page's link (`?source=newsletter`), else
 * from the form's data attributes (`<form data-source="newsletter">`), and passes on the link's
 * UTM parameters (as `_utm_source`…, kept in the record's meta.utm).
 */
const LINK_SCRIPT = [
  '  <!-- Fills the hidden inputs from this page\'s link (?source=…) or the form\'s data-source="…", and passes on utm_* -->',
  '  <script>',
  '    ;(() => {',
  "      const form = document.currentScript.closest('form')",
  '      const query = new URLSearchParams(location.search)',
  "      for (const input of form.querySelectorAll('input[type=hidden][name]')) {",
  "        const value = query.get(input.name) ?? form.getAttribute('data-' + input.name)",
  '        if (value !== null) input.value = value',
  '      }',
  `      for (const key of ${JSON.stringify(UTM_KEYS).replaceAll('"', "'")}) {`,
  "        const value = query.get('utm_' + key)",
  "        if (value) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: '_utm_' + key, value }))",
  '      }',
  '    })()',
  '  </script>',
]
