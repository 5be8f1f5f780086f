/**
 * @module A /batch body: up to `LIMITS.maxBatch` records, each canonical or flat, checked
 * like single submissions; the first invalid one fails the batch with the status and type
 * the same problem has on a single record, its index in `details`, and the
 * new keys of all of them together must fit the field limit or the proposal caps (all or nothing).
 */
import { AppError } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { FieldMap } from './field-cache-types.ts'
import { checkNewFields, prepareRecord, type CollectSettings, type NewField, type PreparedRecord } from './prepare.ts'
import { toSubmission } from './shape.ts'

/** Checks every element of a parsed batch body, each with the spam `reasons` found before; throws 400/413/422 naming the element's index. */
export function prepareBatch(
  fields: FieldMap,
  settings: CollectSettings,
  body: unknown,
  reasons: readonly string[] = [],
): PreparedRecord[] {
  if (!Array.isArray(body))
    throw new AppError('bad_request', 'A batch must be a JSON array of records, e.g. [{"name":"Ada"},{"name":"Grace"}]')
  if (body.length === 0) throw new AppError('bad_request', 'The batch is empty; send at least one record')
  if (body.length > LIMITS.maxBatch) {
    throw new AppError(
      'too_large',
      `A batch can hold at most ${LIMITS.maxBatch} records, got ${body.length}; split it`,
      { limit: 'maxBatch', max: LIMITS.maxBatch },
    )
  }
  const prepared: PreparedRecord[] = []
  for (let index = 0; index < body.length; index++) {
    try {
      prepared.push(prepareRecord(fields, settings, toSubmission(body[index], 'It'), reasons))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const details = typeof error.details === 'object' && error.details !== null ? error.details : {}
      throw new AppError(error.type, `Record ${index} of the batch: ${error.message}; nothing was stored`, {
        index,
        ...details,
      })
    }
  }
  // Each element fits alone; together their new keys must fit too.
  const union = new Map<string, NewField>()
  for (const record of prepared)
    for (const field of record.newFields) if (!union.has(field.name)) union.set(field.name, field)
  checkNewFields(fields, settings, [...union.values()])
  return prepared
}
