/** @module Field type `email`: an e-mail address, checked as loosely as browsers' type=email. */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'
import { safeAddress, UNSAFE_ADDRESS_MESSAGE } from '../../email-address.ts'

// Deliberately loose (what browsers' type=email accept): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export const email = defineFieldType({
  name: 'email',
  label: 'E-mail address',
  description: 'an e-mail address, as text',
  hasOptions: false,
  // Respondent data, but an address svc or the owner may write to: unsafe characters are refused here too.
  check: (value) =>
    typeof value !== 'string' || !EMAIL.test(value)
      ? `must be an e-mail address, got ${describeValue(value)}`
      : safeAddress(value)
        ? null
        : UNSAFE_ADDRESS_MESSAGE,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Enter an e-mail address', invalid: 'Enter an e-mail address like name@example.com' },
  example: () => 'ada@example.com',
  previewAnswer: () => 'sam@example.com',
  control: { kind: 'input', type: 'email', autocomplete: 'email' },
  summary: 'values',
  identifying: true,
  scoring: null,
})
