/**
 * @module The save-time checks of conditional questions (contract/fields/show-if-check.ts)
 * and of pages (page-check.ts) on stored fields: a field added or changed, moved, the fields reordered, a field removed.
 * A change that would break another field's condition (its named field moved after it,
 * renamed, given a type or options its values no longer fit) is refused as well, naming
 * that field, so a stored condition always names an earlier field and fits it.
 */
import { AppError, type Problem } from '../../contract/errors.ts'
import { fieldsNaming, showIfProblems, type ConditionedField } from '../../contract/fields/show-if-check.ts'
import { pageProblem } from '../../contract/fields/page-check.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { FieldRow } from '../../db/storage/fields.ts'
import { storedForm } from './form-settings.ts'
import { storedTypeSettings } from './type-settings.ts'

/** The columns of a field the checks read. */
type ConditionedRow = Pick<FieldRow, 'name' | 'type' | 'options' | 'settings' | 'form'> & { proposed?: boolean }

/** A stored field as the checks read it: its condition and page from its form settings. */
export function conditionedOf(row: ConditionedRow): ConditionedField {
  const { showIf, page } = storedForm(row.form)
  return {
    name: row.name,
    type: row.type as FieldType,
    options: row.options === null ? null : (JSON.parse(row.options) as string[]),
    proposed: row.proposed,
    showIf: showIf ?? null,
    ...(page === undefined ? {} : { page }),
    ...storedTypeSettings(row.type as FieldType, row.settings),
  }
}

/** A condition's problem said under `cause`, the key of a change that breaks it (`whose`: "the condition of \"why\""). */
const brokenBy = (cause: string, whose: string, problem: Problem): Problem => ({
  path: cause,
  message: `would break ${whose} (${problem.path}: ${problem.message}); change that condition first`,
})

/**
 * The problems with the conditions of `fields` (in form order, as they would be after a
 * change): the changed field's own (at `changed`: paths inside its showIf when `sent`, it
 * was in the change; else said under `cause`), and those of the other fields, which the change
 * would break, said under `cause` (the key of the change).
 */
export function conditionProblems(
  fields: readonly ConditionedField[],
  changed: number | null,
  cause: string,
  sent = true,
): Problem[] {
  const own = changed === null ? [] : showIfProblems(fields, changed)
  const others = fields.flatMap((field, at) =>
    at === changed
      ? []
      : showIfProblems(fields, at).map((problem) =>
          brokenBy(cause, `the condition of ${JSON.stringify(field.name)}`, problem),
        ),
  )
  return [
    ...(sent ? own : own.map((problem) => brokenBy(cause, "this field's condition", problem))),
    ...others,
    ...pageProblems(fields, changed, cause),
  ]
}

/** Pages out of order: the changed field's own under `page`, the others' (a move broke them) under `cause`. */
function pageProblems(fields: readonly ConditionedField[], changed: number | null, cause: string): Problem[] {
  return fields.flatMap((field, at) => {
    const problem = pageProblem(fields, at)
    if (!problem) return []
    if (at === changed && cause !== 'position') return [problem]
    return [
      { path: cause, message: `would put ${JSON.stringify(field.name)} out of page order (page: ${problem.message})` },
    ]
  })
}

/** The problems of a field `added` at the end of `fields` (its own condition's: no other can break). */
export const addedFieldProblems = (fields: readonly FieldRow[], added: ConditionedRow): Problem[] =>
  conditionProblems([...fields, added].map(conditionedOf), fields.length, 'name')

/**
 * The problems of changing `current` (one of `fields`) into `changed`, at `position` when it
 * moves; `cause` is the change's key a broken condition is said under, `sent` whether the
 * change carried the field's own showIf.
 */
export function changedFieldProblems(
  fields: readonly FieldRow[],
  current: FieldRow,
  changed: ConditionedRow,
  change: { position?: number; cause: string; sent: boolean },
): Problem[] {
  const { position, cause, sent } = change
  const { list, at } = fieldsAfterChange(fields, current, changed, position)
  return conditionProblems(list, at, cause, sent)
}

/** `fields` as the checks read them once `current` is `changed` (at `position` when it moves), and where it is. */
export function fieldsAfterChange(
  fields: readonly FieldRow[],
  current: FieldRow,
  changed: ConditionedRow,
  position?: number,
): { list: ConditionedField[]; at: number } {
  const list: ConditionedRow[] = fields.filter((field) => field.id !== current.id)
  const at = position ?? fields.findIndex((field) => field.id === current.id)
  list.splice(at, 0, { ...changed, proposed: current.proposed })
  return { list: list.map(conditionedOf), at }
}

/** 409 `conflict` for removing a field that other fields' conditions name. */
export function assertNotNamed(fields: readonly ConditionedField[], name: string): void {
  const naming = fieldsNaming(fields, name)
  if (naming.length === 0) return
  throw new AppError(
    'conflict',
    `${naming.map((n) => JSON.stringify(n)).join(', ')} ${naming.length === 1 ? 'asks its question' : 'ask their questions'} only on a condition naming ${JSON.stringify(name)}; change or remove ${naming.length === 1 ? 'that condition' : 'those conditions'} first`,
    { fields: naming },
  )
}
