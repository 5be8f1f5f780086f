/**
 * @module The `--show-if` flag of field add and update: a condition as JSON
 * (`{"all":[{"field":"likes","op":"eq","value":false}]}`), `null` removing it on update. The
 * server's own schema checks it (validate.ts); which fields it may name is the server's call.
 */
import { usageError } from '../../errors.ts'
import { SHOW_IF_OPS } from '../../../server/contract/fields/show-if.ts'

export const showIfArgs = {
  'show-if': {
    type: 'string' as const,
    description: `Ask the question only when earlier answers meet this, as JSON: {"all"|"any": [{"field", "op", "value"}]}, op one of ${SHOW_IF_OPS.join(', ')} (update: null removes it)`,
    valueHint: 'json',
  },
}

/** The body key of `--show-if` when given. */
export function showIfOf(args: { 'show-if'?: string }): { showIf?: unknown } {
  const raw = args['show-if']
  if (raw === undefined) return {}
  try {
    return { showIf: JSON.parse(raw) }
  } catch {
    throw usageError(
      `--show-if must be JSON like '{"all":[{"field":"likes","op":"eq","value":false}]}' (or null to remove it); got ${JSON.stringify(raw)}`,
    )
  }
}
