/**
 * @module Field type `url`: a web address, as text. Only `http://` and `https://` addresses
 * with a host are taken (a browser's type=url would take `javascript:` too, and the owner's
 * pages show the address as a link); it is stored as sent, not normalised.
 */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

// No white space or control character anywhere: the URL parser would quietly drop them.
const UNSPACED = /^[^\s\p{Cc}]+$/u

/** True for an absolute http(s) address with a host (the type's check). */
export function isWebAddress(text: string): boolean {
  if (!UNSPACED.test(text)) return false
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export const url = defineFieldType({
  name: 'url',
  label: 'Web address',
  description: 'a web address starting with http:// or https://, as text',
  hasOptions: false,
  check: (value) =>
    typeof value === 'string' && isWebAddress(value)
      ? null
      : `must be a web address starting with http:// or https://, got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Enter a website address', invalid: 'Enter a website address, like https://example.com' },
  example: () => 'https://example.com',
  previewAnswer: () => 'https://example.com/sample',
  control: { kind: 'input', type: 'url', autocomplete: 'url' },
  summary: 'values',
  identifying: false,
  scoring: null,
})
