/**
 * @module The public fill-in page of an app: every field in order with the input its
 * type needs, labels and fieldsets for screen readers, required marks, and the hidden
 * honeypot. It is a plain HTML form that posts to its own URL, so it works without
 * JavaScript; fill-in.client.js (served beside it) adds inline validation, fetch
 * submission and the one-question-per-screen layout.
 */
import type { FillInField, FillInForm } from '../core/connect/fill-in.ts'
import type { FieldType } from '../core/limits.ts'
import { html, type Html } from './html.ts'
import { document } from './layout.ts'

export const FILL_IN_SCRIPT = '/f/assets/fill-in.js'

export interface FillInPage extends FillInForm {
  /** Where the form posts (the page's own path). */
  action: string
  honeypot: string
  /** Values to show again after a refused submission, by field name. */
  values?: Map<string, string[]>
  /** Problems by field name, and problems not tied to a field. */
  errors?: Map<string, string>
  formErrors?: string[]
}

/** Radio buttons up to this many options, a select list beyond. */
const MAX_RADIOS = 12

const INPUT_TYPES: Partial<Record<FieldType, string>> = { text: 'text', email: 'email', number: 'number', date: 'date' }

function fieldHtml(field: FillInField, index: number, page: FillInPage): Html {
  const id = `q${index}`
  const values = page.values?.get(field.name) ?? []
  const error = page.errors?.get(field.name)
  const errorId = `${id}-error`
  const label = field.label || field.name
  const mark = field.required ? html`<span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span>` : ''
  const errorHtml = html`<p class="error" id="${errorId}" ${error ? '' : 'hidden'}>${error ?? ''}</p>`
  const invalid = error ? 'true' : 'false'

  if (field.type === 'choice' || field.type === 'multichoice' || field.type === 'boolean') {
    const options = field.type === 'boolean' ? ['true', 'false'] : (field.options ?? [])
    const labels = field.type === 'boolean' ? ['Yes', 'No'] : options
    const multiple = field.type === 'multichoice'
    if (!multiple && options.length > MAX_RADIOS) {
      return html`<div class="question" data-field="${field.name}">
<label for="${id}">${label}${mark}</label>
<select id="${id}" name="${field.name}" ${field.required ? html`required aria-required="true"` : ''} aria-invalid="${invalid}" aria-describedby="${errorId}">
<option value="">Choose…</option>
${options.map((o) => html`<option value="${o}" ${values.includes(o) ? 'selected' : ''}>${o}</option>`)}
</select>
${errorHtml}
</div>`
    }
    return html`<fieldset class="question" data-field="${field.name}" ${multiple ? 'data-multiple' : ''} ${field.required ? 'data-required' : ''} aria-describedby="${errorId}" ${field.required && !multiple ? html`aria-required="true"` : ''}>
<legend>${label}${mark}</legend>
${multiple ? html`<p class="hint">Choose all that apply.</p>` : ''}
${options.map((o, i) => html`<label class="choice"><input type="${multiple ? 'checkbox' : 'radio'}" name="${field.name}" value="${o}" ${values.includes(o) ? 'checked' : ''} ${field.required && !multiple ? 'required' : ''} aria-invalid="${invalid}" id="${id}-${i}"> <span>${labels[i]}</span></label>`)}
${errorHtml}
</fieldset>`
  }

  const control =
    field.type === 'json'
      ? html`<textarea id="${id}" name="${field.name}" ${field.required ? html`required aria-required="true"` : ''} aria-invalid="${invalid}" aria-describedby="${errorId}" spellcheck="false">${values[0] ?? ''}</textarea>`
      : html`<input id="${id}" type="${INPUT_TYPES[field.type] ?? 'text'}" name="${field.name}" value="${values[0] ?? ''}" ${field.type === 'number' ? html`step="any" inputmode="decimal"` : ''} ${field.type === 'email' ? html`autocomplete="email"` : ''} ${field.required ? html`required aria-required="true"` : ''} aria-invalid="${invalid}" aria-describedby="${errorId}">`
  return html`<div class="question" data-field="${field.name}">
<label for="${id}">${label}${mark}</label>
${field.type === 'json' ? html`<p class="hint">JSON, e.g. {"key": "value"}</p>` : ''}
${control}
${errorHtml}
</div>`
}

/** The fill-in page's body. */
export function fillInBody(page: FillInPage): Html {
  const { theme } = page
  const formErrors = page.formErrors ?? []
  return html`${theme.logoUrl ? html`<img class="logo" src="${theme.logoUrl}" alt="">` : ''}
<h1 id="title">${page.appName}</h1>
${page.description ? html`<p class="lead">${page.description}</p>` : ''}
<form method="post" action="${page.action}" accept-charset="utf-8" aria-labelledby="title" data-layout="${theme.layout}">
<div class="errors" role="alert" ${formErrors.length > 0 || (page.errors?.size ?? 0) > 0 ? '' : 'hidden'} tabindex="-1">
<p><strong>Please check your answers.</strong></p>
${formErrors.map((e) => html`<p>${e}</p>`)}
</div>
${page.fields.length === 0 ? html`<p>This form has no questions yet.</p>` : ''}
${page.fields.map((field, index) => fieldHtml(field, index, page))}
<div class="hp" aria-hidden="true"><label>Leave this empty <input type="text" name="${page.honeypot}" tabindex="-1" autocomplete="off"></label></div>
<div class="actions"><button type="submit">${theme.buttonText}</button></div>
<p class="status" role="status" aria-live="polite"></p>
</form>`
}

/** The complete fill-in document. */
export function fillInDocument(page: FillInPage): string {
  return document({ title: page.appName, theme: page.theme, body: fillInBody(page), script: FILL_IN_SCRIPT })
}
