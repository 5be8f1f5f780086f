/**
 * @module Field type `consent`: a checkbox whose label is the text the respondent agrees
 * to, always required (ticking it is the answer). The stored answer keeps that text with
 * the agreement, `{"agreed": true, "text": "<the label>"}`, so a record shows what was
 * agreed to even after the label changes. A form posts `true` (a program sends `true` too)
 * and the server puts the field's label in; a stored answer sent back as it is (an edit, a
 * copy) is kept with its own text. The CSV cell is the text agreed to.
 */
import { describeValue, defineFieldType } from './spec.ts'

/** A consent as stored: agreed, and the text agreed to. */
export interface ConsentAnswer {
  agreed: true
  text: string
}

/** True for a stored consent, `{agreed: true, text}` and nothing more. */
export function isConsentAnswer(value: unknown): value is ConsentAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value).sort()
  const answer = value as Record<string, unknown>
  return keys.length === 2 && keys[0] === 'agreed' && answer.agreed === true && typeof answer.text === 'string'
}

const AGREED_TEXTS = new Set(['true', 'on', 'yes', '1'])

export const consent = defineFieldType({
  name: 'consent',
  label: 'Consent',
  description:
    'a checkbox whose label is the text agreed to, always required: send true; stored as {"agreed": true, "text": "<the label>"}',
  hasOptions: false,
  check: (value) =>
    value === true || isConsentAnswer(value)
      ? null
      : `must be true (agreeing to the field's label) or a stored {"agreed": true, "text": "…"}, got ${describeValue(value)}`,
  form: {
    keepsEmpty: false,
    multiple: false,
    coerce: (text) => (AGREED_TEXTS.has(text.trim().toLowerCase()) ? true : text),
    texts: () => ['true'],
  },
  respondent: { missing: 'Select the box to agree', invalid: 'Select the box to agree' },
  example: () => true,
  previewAnswer: (field) => ({ agreed: true, text: field.label || field.name }),
  control: { kind: 'checkbox', value: 'true' },
  summary: null,
  identifying: false,
  scoring: null,
  alwaysRequired: true,
  store: (value, field) => (value === true ? { agreed: true, text: field.label || field.name } : value),
  csvText: (value) => (isConsentAnswer(value) ? value.text : undefined),
})
