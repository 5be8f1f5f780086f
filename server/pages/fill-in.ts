/**
 * @module The public fill-in page of an app: every field in order with the input its
 * type needs, labels and fieldsets for screen readers, required marks, and the hidden
 * honeypot. It is a plain HTML form that posts to its own URL, so it works without
 * JavaScript (with a file field it posts multipart/form-data); fill-in.client.js (served
 * beside it) adds inline validation, fetch submission with upload progress and the
 * one-question-per-screen layout.
 */
import type { FillInField, FillInForm } from '../core/connect/fill-in.ts'
import { choiceLayout } from '../contract/fields/types/control.ts'
import { fieldTypeSpec } from '../contract/fields/types/index.ts'
import { fileHint } from '../contract/files/hint.ts'
import { fileOptions } from '../contract/files/model.ts'
import { html, type Html } from './html.ts'
import { questionsHtml } from './fill-in-pages.ts'
import { conditionalRequired, conditionsData, requiredAttributes, requiredNow } from './fill-in-conditions.ts'
import { document } from './layout.ts'
import { labelOf, labelSeparator } from './respondent-words.ts'
import { ENGLISH, type PageWords } from './languages/words.ts'
import { languageHtml, scriptWords } from './languages/switcher.ts'
import { describedBy, helpHtml, hiddenInputs, inputAttributes, rulesData, stepAttribute } from './fill-in-form.ts'

export const FILL_IN_SCRIPT = '/f/assets/fill-in.js'

export interface FillInPage extends FillInForm {
  /** Where the form posts (the page's own path). */
  action: string
  honeypot: string
  /** The signed moment the page was served (core/spam/stamp.ts), posted back as `_loaded`. */
  stamp?: string
  /** Where the page's script fetches the proof-of-work challenge it solves (the endpoint asks for one); absent: none. */
  challenge?: string
  /** Values to show again after a refused submission, by field name. */
  values?: Map<string, string[]>
  /** What to fix, in a respondent's words (respondent-words.ts): by field name, and about the whole post. */
  errors?: Map<string, string>
  formErrors?: string[]
  /** The UTM parameters of the page's link, as the reserved pairs the form posts back (fill-in-form.ts). */
  utm?: ReadonlyMap<string, string>
  /** The thank-you the script shows offers "Submit another response" (a fresh page of this form). */
  submitAnother?: boolean
  /** The language shown (the fields' texts are already in it, languages/localize.ts) and its built-in words; English when left out. */
  words?: PageWords
  lang?: string
  /** The languages the form offers, its default first: more than one puts a switcher on the page and `_lang` in the post. */
  languages?: readonly string[]
  /** The link's query, which the switcher's links keep (hidden and prefilled values, UTM parameters). */
  query?: URLSearchParams
}

const wordsOf = (page: FillInPage): PageWords => page.words ?? ENGLISH

/** A picking field's layout (radios, checkboxes or a select list), or null for a field typed in. */
function pickLayout(field: FillInField): 'checkboxes' | 'radios' | 'select' | null {
  const control = fieldTypeSpec(field.type).control
  return control.kind === 'choices'
    ? choiceLayout(control.multiple, control.choices(field.options, field).length)
    : null
}

/** The id of a field's first control: where focus goes and where the error summary links. */
const controlId = (field: FillInField, index: number): string => {
  const layout = pickLayout(field)
  return layout === 'radios' || layout === 'checkboxes' ? `q${index}-0` : `q${index}`
}

/** True for a page showing a refused post again: its text answers are back, its files are not. */
const isRefused = (page: FillInPage): boolean => (page.errors?.size ?? 0) + (page.formErrors?.length ?? 0) > 0

/** True when the form has a file field, so it must post multipart/form-data. */
const hasFileField = (page: FillInPage): boolean => page.fields.some((field) => field.type === 'file')

/**
 * A file field: a file input with the field's `accept`, `multiple` when it takes several,
 * and a hint with its limits, which fill-in.client.js also checks before sending
 * (data-max-files, data-max-size). A browser never lets a page choose files for someone, so a
 * refused post shown again asks for them again.
 */
function fileFieldHtml(field: FillInField, index: number, page: FillInPage, data: Html, mark: Html | ''): Html {
  const id = `q${index}`
  const options = fileOptions(field.file)
  const error = page.errors?.get(field.name)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const again = isRefused(page)
  const words = wordsOf(page)
  return html`<div class="question" ${data} data-max-files="${String(options.maxFiles)}" data-max-size="${String(options.maxSize)}">
<label for="${id}">${labelOf(field)}${mark}</label>${helpHtml(field, id)}
<p class="hint" id="${hintId}">${fileHint(options)}${again ? html` <strong>${words.chooseFilesAgain}</strong>` : ''}</p>
<input id="${id}" type="file" name="${field.name}" ${options.accept.length > 0 ? html`accept="${options.accept.join(',')}"` : ''} ${options.maxFiles > 1 ? 'multiple' : ''} ${requiredAttributes(field)} aria-invalid="${error ? 'true' : 'false'}" aria-describedby="${describedBy(field, id, `${hintId} ${errorId}`)}">
<p class="error" id="${errorId}" ${error ? '' : 'hidden'}>${error ?? ''}</p>
</div>`
}

function fieldHtml(field: FillInField, index: number, page: FillInPage): Html {
  const id = `q${index}`
  const values = page.values?.get(field.name) ?? []
  const error = page.errors?.get(field.name)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const label = labelOf(field)
  const pageWords = wordsOf(page)
  const mark = field.required
    ? html`<span class="req" aria-hidden="true">*</span><span class="visually-hidden">${pageWords.required}</span>`
    : ''
  const errorHtml = html`<p class="error" id="${errorId}" ${error ? '' : 'hidden'}>${error ?? ''}</p>`
  const invalid = error ? 'true' : 'false'
  // The script tells a respondent what to fix in the same words as the server (the type's).
  const words = pageWords.types[field.type]
  const data = html`data-field="${field.name}" data-label="${label}" data-missing="${words.missing}" data-invalid="${words.invalid}"${rulesData(field)}${conditionalRequired(field)}`
  const help = helpHtml(field, id)
  const errorOnly = describedBy(field, id, errorId)

  // The control is the type's (its spec's `control`), drawn the same way as in the HTML snippets.
  const control = fieldTypeSpec(field.type).control
  if (control.kind === 'input' && control.type === 'file') return fileFieldHtml(field, index, page, data, mark)
  if (control.kind === 'checkbox') {
    // One box, labelled with the text it agrees to (consent): ticked it posts its value, unticked nothing.
    const checked = values.includes(control.value) ? 'checked' : ''
    return html`<div class="question" ${data}>
<label class="choice"><input id="${id}" type="checkbox" name="${field.name}" value="${control.value}" ${checked} ${requiredAttributes(field)} aria-invalid="${invalid}" aria-describedby="${errorOnly}"> <span>${label}${mark}</span></label>${help}
${errorHtml}
</div>`
  }
  if (control.kind === 'choices') {
    const choices = control.choices(field.options, field)
    const options = choices.map((choice) => choice.value)
    // A translation labels the field's options in their order; the value posted stays the option itself.
    const labels = choices.map((choice) => {
      const at = field.options?.indexOf(choice.value) ?? -1
      return (at >= 0 ? field.optionLabels?.[at] : pageWords.choiceLabels[choice.value]) ?? choice.label
    })
    const multiple = control.multiple
    if (choiceLayout(multiple, choices.length) === 'select') {
      return html`<div class="question" ${data}>
<label for="${id}">${label}${mark}</label>${help}
<select id="${id}" name="${field.name}" ${requiredAttributes(field)} aria-invalid="${invalid}" aria-describedby="${errorOnly}">
<option value="">${pageWords.choose}</option>
${options.map((o, i) => html`<option value="${o}" ${values.includes(o) ? 'selected' : ''}>${labels[i]}</option>`)}
</select>
${errorHtml}
</div>`
    }
    // One answer: a radio group, which (unlike a plain group) may carry aria-required.
    // Each input carries the error, so a screen reader reads it with the focused option.
    const group = multiple ? '' : html`role="radiogroup" ${requiredNow(field) ? html`aria-required="true"` : ''}`
    const choiceIds = describedBy(field, id, multiple ? `${hintId} ${errorId}` : errorId)
    return html`<fieldset class="question${control.inline ? ' inline' : ''}" ${data} ${multiple ? 'data-multiple' : ''} ${requiredNow(field) ? 'data-required' : ''} ${group}>
<legend>${label}${mark}</legend>${help}
${multiple ? html`<p class="hint" id="${hintId}">${pageWords.chooseAll}</p>` : ''}
${options.map((o, i) => html`<label class="choice"><input type="${multiple ? 'checkbox' : 'radio'}" name="${field.name}" value="${o}" ${values.includes(o) ? 'checked' : ''} ${requiredNow(field) && !multiple ? 'required' : ''} aria-invalid="${invalid}" aria-describedby="${choiceIds}" id="${id}-${i}"> <span>${labels[i]}</span></label>`)}
${errorHtml}
</fieldset>`
  }

  const json = control.kind === 'textarea' && control.json
  const inputIds = describedBy(field, id, json ? `${hintId} ${errorId}` : errorId)
  const attributes = inputAttributes(field, control.kind === 'input' ? control.type : null)
  const input =
    control.kind === 'textarea'
      ? html`<textarea id="${id}" name="${field.name}" ${json ? html`data-json spellcheck="false"` : html`rows="6"`}${attributes} ${requiredAttributes(field)} aria-invalid="${invalid}" aria-describedby="${inputIds}">${values[0] ?? ''}</textarea>`
      : html`<input id="${id}" type="${control.type}" name="${field.name}" value="${values[0] ?? ''}"${attributes} ${stepAttribute(field, control.decimal === true)} ${control.autocomplete ? html`autocomplete="${control.autocomplete}"` : ''} ${requiredAttributes(field)} aria-invalid="${invalid}" aria-describedby="${inputIds}">`
  return html`<div class="question" ${data}>
<label for="${id}">${label}${mark}</label>${help}
${json ? html`<p class="hint" id="${hintId}">${pageWords.jsonHint}</p>` : ''}
${input}
${errorHtml}
</div>`
}

/**
 * The error summary (the GOV.UK pattern): "There is a problem" and a link to each field
 * in error. The alert element is always in the page, empty when all is well, so the
 * text fill-in.client.js puts into it later is announced.
 */
function errorSummary(page: FillInPage): Html {
  const fieldErrors = page.fields
    .filter((field) => !field.hidden)
    .flatMap((field, index) => {
      const message = page.errors?.get(field.name)
      const label = labelOf(field)
      return message
        ? [html`<li><a href="#${controlId(field, index)}">${label}${labelSeparator(label)}${message}</a></li>`]
        : []
    })
  const formErrors = (page.formErrors ?? []).map((message) => html`<li>${message}</li>`)
  const refused = fieldErrors.length + formErrors.length > 0
  const content = refused ? html`<h2>${wordsOf(page).problem}</h2><ul>${fieldErrors}${formErrors}</ul>` : ''
  // autofocus: without JavaScript, the browser itself puts focus on the problems, not on the page.
  return html`<div class="errors" role="alert" tabindex="-1"${refused ? html` autofocus` : ''}>${content}</div>`
}

/** The fill-in page's body. */
export function fillInBody(page: FillInPage): Html {
  const { theme } = page
  const words = wordsOf(page)
  const asked = page.fields.filter((field) => !field.hidden)
  // The owner's button text, unless it is the default one, which takes the language's word.
  const button = theme.buttonText === ENGLISH.submit ? words.submit : theme.buttonText
  const languages = page.languages ?? []
  return html`${theme.logoUrl ? html`<img class="logo" src="${theme.logoUrl}" alt="">` : ''}
${languageHtml(page.lang ?? words.lang, languages, page.query, words)}
<h1 id="title">${page.appName}</h1>
${page.description ? html`<p class="lead">${page.description}</p>` : ''}
<form method="post" action="${page.action}"${hasFileField(page) ? html` enctype="multipart/form-data"` : ''} accept-charset="utf-8" aria-labelledby="title" data-layout="${theme.layout}"${conditionsData(page.fields)}${page.submitAnother ? html` data-submit-another="${words.submitAnother}"` : ''}${page.challenge ? html` data-challenge="${page.challenge}"` : ''}${scriptWords(words)}>
${errorSummary(page)}
${asked.length === 0 ? html`<p>${words.noQuestions}</p>` : ''}
${questionsHtml(page.fields, asked, (field, index) => fieldHtml(field, index, page), page.pages)}
${hiddenInputs(page.fields, page.values, page.utm)}
${languages.length > 1 ? html`<input type="hidden" name="_lang" value="${page.lang ?? languages[0]}">` : ''}
<div class="hp" aria-hidden="true"><label>Leave this empty <input type="text" name="${page.honeypot}" tabindex="-1" autocomplete="off"></label></div>
${page.stamp ? html`<input type="hidden" name="_loaded" value="${page.stamp}">` : ''}
${page.challenge ? html`<input type="hidden" name="altcha" value=""><p class="challenge-status" aria-live="polite"></p>` : ''}
<div class="actions"><button type="submit">${button}</button></div>
</form>
<div class="status" role="status"></div>`
}

/** The complete fill-in document; a refused one says so first in its title, as screen readers read the title on load. */
export function fillInDocument(page: FillInPage): string {
  const refused = isRefused(page)
  return document({
    title: refused ? wordsOf(page).errorTitle(page.appName) : page.appName,
    lang: page.lang,
    theme: page.theme,
    body: fillInBody(page),
    script: FILL_IN_SCRIPT,
  })
}
