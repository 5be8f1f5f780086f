/**
 * @module How a field is asked, in the fields editor: a disclosure under the field's row with
 * its help text, placeholder, the rules its type takes (contract/fields/rules.ts RULE_TYPES),
 * and whether it is hidden (filled from the link) or prefilled. Each change is saved at once
 * as a fields.update patch; an emptied input removes its setting.
 */
import { css, html } from 'lit'
import type { FormPatch } from '../../../server/contract/fields/form.ts'
import { RULE_KEYS, RULE_TYPES, type RuleKey } from '../../../server/contract/fields/rules.ts'
import type { FieldType } from '../../../server/contract/fields/types/index.ts'
import type { Field } from '../../api.ts'

/** What each rule's input is called, and its kind of value. */
const RULE_INPUTS: Record<RuleKey, { label: string; kind: 'number' | 'text' | 'bound' }> = {
  minLength: { label: 'Fewest characters', kind: 'number' },
  maxLength: { label: 'Most characters', kind: 'number' },
  pattern: { label: 'Pattern (regular expression)', kind: 'text' },
  patternMessage: { label: 'Message when the pattern does not match', kind: 'text' },
  min: { label: 'Lowest number', kind: 'number' },
  max: { label: 'Highest number', kind: 'number' },
  step: { label: 'Step', kind: 'number' },
  earliest: { label: 'Earliest', kind: 'bound' },
  latest: { label: 'Latest', kind: 'bound' },
  minPicks: { label: 'Fewest picks', kind: 'number' },
  maxPicks: { label: 'Most picks', kind: 'number' },
}

/** The rules a field of `type` takes. */
const rulesOf = (type: FieldType): RuleKey[] => RULE_KEYS.filter((key) => RULE_TYPES[key].includes(type))

/** A rule input's value as the patch sends it: null when emptied. */
function ruleValue(key: RuleKey, raw: string): string | number | null {
  if (raw.trim() === '') return null
  return RULE_INPUTS[key].kind === 'number' ? Number(raw) : raw
}

/** A short line of what is set, shown in the disclosure's summary. */
function summaryOf(field: Field): string {
  const set = [
    field.hidden ? 'hidden' : '',
    field.prefill ? 'prefilled' : '',
    field.help ? 'help' : '',
    field.placeholder ? 'placeholder' : '',
    field.rules ? `${Object.keys(field.rules).length} ${Object.keys(field.rules).length === 1 ? 'rule' : 'rules'}` : '',
  ].filter(Boolean)
  return set.length === 0 ? 'none' : set.join(', ')
}

/** The disclosure of a field's form settings; `onChange` saves a patch. */
export function formSettings(field: Field, onChange: (patch: FormPatch) => void) {
  const name = field.name
  const value = (event: Event) => (event.target as HTMLInputElement).value
  const checked = (event: Event) => (event.target as HTMLInputElement).checked
  const linked = field.type !== 'file' && field.type !== 'consent'
  return html`<details class="form-settings">
    <summary>How ${name} is asked <span class="muted">(${summaryOf(field)})</span></summary>
    <div class="form-grid">
      <label class="wide"
        >Help under the question
        <textarea
          rows="2"
          dir="auto"
          aria-label="Help text of field ${name}"
          .value=${field.help ?? ''}
          @change=${(e: Event) => onChange({ help: value(e).trim() || null })}
        ></textarea>
      </label>
      <label
        >Placeholder
        <input
          dir="auto"
          aria-label="Placeholder of field ${name}"
          .value=${field.placeholder ?? ''}
          @change=${(e: Event) => onChange({ placeholder: value(e).trim() || null })}
      /></label>
      ${rulesOf(field.type).map((key) => {
        const input = RULE_INPUTS[key]
        const type =
          input.kind === 'number' ? 'number' : input.kind === 'bound' && field.type === 'date' ? 'date' : 'text'
        return html`<label class=${input.kind === 'text' ? 'wide' : ''}
          >${input.label}
          <input
            type=${type}
            step=${input.kind === 'number' ? 'any' : ''}
            aria-label="${input.label} of field ${name}"
            placeholder=${input.kind === 'bound' && field.type === 'datetime' ? '2026-01-31T09:30' : ''}
            .value=${field.rules?.[key] === undefined ? '' : String(field.rules[key])}
            @change=${(e: Event) => onChange({ rules: { [key]: ruleValue(key, value(e)) } })}
        /></label>`
      })}
      ${
        linked
          ? html`<label class="inline"
                ><input
                  type="checkbox"
                  .checked=${field.hidden === true}
                  @change=${(e: Event) => onChange({ hidden: checked(e) })}
                />
                Hidden: filled from the link (?${name}=…)</label
              >
              <label class="inline"
                ><input
                  type="checkbox"
                  .checked=${field.prefill === true}
                  @change=${(e: Event) => onChange({ prefill: checked(e) })}
                />
                Prefilled from the link (?${name}=…)</label
              >`
          : ''
      }
    </div>
  </details>`
}

export const formSettingsStyles = css`
  .form-settings summary {
    cursor: pointer;
    font-size: 13px;
    padding: 2px 0;
    /* Two disclosures one under the other: each a target of at least 24px. */
    min-height: 24px;
    box-sizing: border-box;
  }
  .form-grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
    gap: 8px 12px;
    padding: 8px 0;
  }
  .form-grid label {
    display: flex;
    flex-direction: column;
    font-size: 12px;
    color: var(--svc-muted);
  }
  .form-grid label.inline {
    flex-direction: row;
    align-items: center;
    gap: 6px;
    color: inherit;
  }
  .form-grid .wide {
    grid-column: 1 / -1;
  }
`
