/**
 * @module The field-type registry: every type, in the order forms and docs list them. A
 * new type is one module beside this one (see spec.ts for what it must say) and one entry
 * in SPECS; checks, form coercion, help, snippets, the fill-in page, summaries and scoring
 * all read it from here.
 */
import { boolean } from './boolean.ts'
import { choice } from './choice.ts'
import { consent } from './consent.ts'
import { date } from './date.ts'
import { datetime } from './datetime.ts'
import { email } from './email.ts'
import { file } from './file.ts'
import { json } from './json.ts'
import { likert } from './likert.ts'
import { longtext } from './longtext.ts'
import { multichoice } from './multichoice.ts'
import { nps } from './nps.ts'
import { number } from './number.ts'
import { phone } from './phone.ts'
import { rating } from './rating.ts'
import type { FieldTypeSpec } from './spec.ts'
import { text } from './text.ts'
import { time } from './time.ts'
import { url } from './url.ts'

const SPECS = [
  text,
  longtext,
  number,
  boolean,
  choice,
  multichoice,
  likert,
  rating,
  nps,
  date,
  time,
  datetime,
  email,
  phone,
  url,
  consent,
  file,
  json,
] as const

/** The names of a tuple of specs, as a tuple of literals. */
type Names<Specs extends readonly FieldTypeSpec[]> = { readonly [K in keyof Specs]: Specs[K]['name'] }

/** The field types a defined field may have. */
export const FIELD_TYPES = SPECS.map((spec) => spec.name) as unknown as Names<typeof SPECS>
export type FieldType = (typeof FIELD_TYPES)[number]

/** Every type's spec, by name. */
export const FIELD_TYPE_SPECS: Readonly<Record<FieldType, FieldTypeSpec<FieldType>>> = Object.freeze(
  Object.fromEntries(SPECS.map((spec) => [spec.name, spec])) as Record<FieldType, FieldTypeSpec<FieldType>>,
)

/** The spec of `type`; a stored type is always one of FIELD_TYPES. */
export const fieldTypeSpec = (type: FieldType): FieldTypeSpec<FieldType> => FIELD_TYPE_SPECS[type]

/** The spec of a type read from outside (the admin's drafts, a plan), or undefined for an unknown name. */
export const findFieldTypeSpec = (type: string): FieldTypeSpec<FieldType> | undefined =>
  Object.hasOwn(FIELD_TYPE_SPECS, type) ? FIELD_TYPE_SPECS[type as FieldType] : undefined

/** A type's name for people ("Long text" for `longtext`); a name the registry does not know is shown as it is. */
export const fieldTypeLabel = (type: string): string => findFieldTypeSpec(type)?.label ?? type

/** Types whose values must come from `options`. */
export const CHOICE_TYPES: readonly FieldType[] = FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].hasOptions)

/** Types a scale item can score, in alphabetical order (as messages list them). */
export const SCORABLE_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (type) => FIELD_TYPE_SPECS[type].scoring !== null,
).sort()
