/**
 * @module A field's texts in other languages, in the fields editor: a disclosure under the
 * field's row with a table per language, the default text beside each translation (label,
 * help, placeholder, each option), a missing one marked "Missing" in words and in its input's
 * accessible description, and an input to add a language to every field. Each change is saved at once as a
 * fields.update patch of that language's key (the server merges key by key; "" removes one).
 */
import { css, html, nothing } from 'lit'
import type { FormPatch } from '../../../server/contract/fields/form.ts'
import type { FieldTranslation } from '../../../server/contract/fields/translations.ts'
import { isLanguageTag, normalizeTag } from '../../../server/contract/languages/tags.ts'
import type { Field } from '../../api.ts'

type TextKey = 'label' | 'help' | 'placeholder'

const TEXTS: ReadonlyArray<{ key: TextKey; label: string }> = [
  { key: 'label', label: 'Label' },
  { key: 'help', label: 'Help' },
  { key: 'placeholder', label: 'Placeholder' },
]

/** The languages the app's fields are translated into, in the order first met. */
export const fieldLanguages = (fields: readonly Field[]): string[] => [
  ...new Set(fields.flatMap((field) => Object.keys(field.translations ?? {}))),
]

/** How many texts of `field` in `lang` are missing (a text the default has and the translation has not). */
function missingCount(field: Field, lang: string): number {
  const entry: FieldTranslation = field.translations?.[lang] ?? {}
  const texts = TEXTS.filter(({ key }) => (field[key] ?? '') !== '' && !entry[key]).length
  const options = field.options && field.options.length > 0 && !entry.options ? 1 : 0
  return texts + options
}

/** The options' translated labels after one is typed; saved only when every option has one ([] when all are emptied). */
function optionsAfter(table: HTMLElement, lang: string): string[] | null {
  const inputs = [...table.querySelectorAll<HTMLInputElement>(`input[data-option][data-lang="${lang}"]`)]
  const values = inputs.map((input) => input.value.trim())
  if (values.every((value) => value === '')) return []
  return values.every((value) => value !== '') ? values : null
}

/** The disclosure of a field's translations; `languages` are the form's (every field's and those added), `onChange` saves a patch. */
export function translationsEditor(
  field: Field,
  languages: readonly string[],
  onChange: (patch: FormPatch) => void,
  onAddLanguage: (tag: string) => void,
) {
  const name = field.name
  const shown = [...new Set([...languages, ...Object.keys(field.translations ?? {})])]
  const missing = shown.reduce((sum, lang) => sum + missingCount(field, lang), 0)
  const value = (event: Event) => (event.target as HTMLInputElement).value
  const addLanguage = (event: Event) => {
    event.preventDefault()
    const input = (event.target as HTMLFormElement).elements.namedItem('lang') as HTMLInputElement
    const tag = normalizeTag(input.value)
    if (!tag || !isLanguageTag(tag)) {
      input.setCustomValidity('A language tag such as fr or pt-BR')
      input.reportValidity()
      return
    }
    input.setCustomValidity('')
    input.value = ''
    onAddLanguage(tag)
  }
  const row = (id: string, label: string, base: string, current: string, input: unknown) =>
    html`<tr>
      <th scope="row">${label}</th>
      <td dir="auto">${base || html`<span class="muted">(none)</span>`}</td>
      <td>${input}${base !== '' && current === '' ? html`<span class="missing" id=${id}>Missing</span>` : nothing}</td>
    </tr>`
  return html`<details class="translations">
    <summary>Translations of ${name} <span class="muted">(${shown.length === 0 ? 'none' : `${shown.join(', ')}${missing > 0 ? `; ${missing} missing` : ''}`})</span></summary>
    ${shown.map((lang) => {
      const entry: FieldTranslation = field.translations?.[lang] ?? {}
      return html`<table class="translation" aria-label="${name} in ${lang}">
        <thead><tr><th scope="col">Text</th><th scope="col">Default</th><th scope="col" lang=${lang}>${lang}</th></tr></thead>
        <tbody>
          ${TEXTS.map(({ key, label }) => {
            const id = `missing-${name}-${lang}-${key}`
            const base = field[key] ?? ''
            const current = entry[key] ?? ''
            return row(
              id,
              label,
              base,
              current,
              html`<input
                dir="auto"
                lang=${lang}
                aria-label="${label} of field ${name} in ${lang}"
                aria-describedby=${base !== '' && current === '' ? id : nothing}
                .value=${current}
                @change=${(e: Event) => onChange({ translations: { [lang]: { [key]: value(e).trim() } } })}
              />`,
            )
          })}
          ${(field.options ?? []).map((option, i) => {
            const id = `missing-${name}-${lang}-option-${i}`
            const current = entry.options?.[i] ?? ''
            return row(
              id,
              `Option ${i + 1}`,
              option,
              current,
              html`<input
                dir="auto"
                lang=${lang}
                data-option
                data-lang=${lang}
                aria-label="Option ${option} of field ${name} in ${lang}"
                aria-describedby=${current === '' ? id : nothing}
                .value=${current}
                @change=${(e: Event) => {
                  const options = optionsAfter((e.target as HTMLElement).closest('table')!, lang)
                  if (options) onChange({ translations: { [lang]: { options } } })
                }}
              />`,
            )
          })}
        </tbody>
      </table>`
    })}
    <form class="add-language" @submit=${addLanguage}>
      <label>Add a language <input name="lang" placeholder="fr" aria-label="Add a language to field ${name}" required /></label>
      <button type="submit">Add</button>
    </form>
    ${field.options && field.options.length > 0 ? html`<p class="muted small">Options are saved once each has its translation.</p>` : nothing}
  </details>`
}

export const translationsStyles = css`
  .translations summary {
    cursor: pointer;
    font-size: 13px;
    padding: 2px 0;
    /* Two disclosures one under the other: each a target of at least 24px. */
    min-height: 24px;
    box-sizing: border-box;
  }
  table.translation {
    border-collapse: collapse;
    margin: 8px 0;
    width: 100%;
  }
  table.translation th,
  table.translation td {
    text-align: left;
    font-size: 13px;
    padding: 2px 6px;
    vertical-align: top;
  }
  table.translation input {
    width: 100%;
  }
  .missing {
    display: inline-block;
    font-size: 12px;
    font-weight: 600;
    color: var(--svc-danger, #b91c1c);
  }
  .add-language {
    display: flex;
    gap: 8px;
    align-items: end;
    font-size: 12px;
  }
`
