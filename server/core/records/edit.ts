/**
 * @module The owner's correction of one record (`records.update`): the values given are
 * merged into the record and checked as a submission is (edit-values.ts), and in one
 * transaction of the store the record gets its new data and scores (an assessment app's
 * scales score it again), its history an entry (who, when, each field from what to what:
 * history.ts), webhooks listening to `record.updated` an event, and the summary
 * aggregates swap its old values for the new (stats/deleted.ts `editAdjuster`), so
 * `/summary` stays equal to a recount. id, createdAt, meta and its place in the pages stay.
 * The decisions (merge, what is checked, the history's bounds) are in docs/records.md.
 */
import { parseInput } from '../../contract/apps/input.ts'
import { notFound } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { editRecordSchema, type EditRecordInput } from '../../contract/records/schemas.ts'
import type { RecordScores } from '../../contract/scoring/score.ts'
import type { RecordRow, RecordUpdate } from '../../db/storage/records.ts'
import { requireApp } from '../apps/member-app.ts'
import { fieldsOf } from '../collect/field-cache.ts'
import type { DataObject } from '../collect/shape.ts'
import type { AppContext } from '../context.ts'
import { loadScoringDefinition } from '../scoring/definition.ts'
import { parseStoredScores, scoresColumn } from '../scoring/stored.ts'
import { editAdjuster, type EditedValues } from '../stats/deleted.ts'
import { changeWithAggregates } from './adjusted.ts'
import { applyEdit } from './edit-values.ts'
import { changesText } from './history.ts'
import { getRecordDetail } from './owner.ts'

/** Who makes an edit: the account, as its history names it. */
export interface Editor {
  id: string
  email: string
}

/**
 * Corrects one record of one of `editor`'s apps with `input.data` (merged: a field left out
 * keeps its value, null removes it) and answers the record as it is now, with its history
 * and the fields this edit changed (the JSON text of the API's `RecordEdited`).
 * 404 when the app has no record `recordId`; an edit that changes nothing stores nothing.
 */
export async function editRecord(
  ctx: AppContext,
  editor: Editor,
  appId: string,
  recordId: string,
  input: EditRecordInput,
): Promise<string> {
  const { data: edit } = parseInput(editRecordSchema, input) as EditRecordInput
  await requireApp(ctx, editor.id, appId)
  const [fields, scoring] = await Promise.all([fieldsOf(ctx, appId), loadScoringDefinition(ctx, appId)])
  let after: EditedValues | null = null
  // The fields the edit changed: set once decide() has read the record (none when nothing changes).
  let changed: string[] = []
  const decide = (row: RecordRow): RecordUpdate | null => {
    const { data, changes } = applyEdit(fields, JSON.parse(row.data) as DataObject, edit, ctx.config)
    if (changes.length === 0) return null
    const scores = scoring.scales.length === 0 ? row.scores : scoresColumn(scoring, data)
    const text = JSON.stringify(data)
    // The aggregates take the values as stored, as a recount reads them: JSON writes -0 as 0.
    after = {
      data: JSON.parse(text) as DataObject,
      scores: scores === null ? null : (parseStoredScores(scores) as RecordScores),
    }
    changed = changes.map((change) => change.field)
    return {
      data: text,
      scores,
      at: ctx.clock.now(),
      userId: editor.id,
      author: editor.email,
      changes: changesText(changes),
      changed,
    }
  }
  let found = true
  await changeWithAggregates(
    ctx,
    appId,
    editAdjuster(() => after!),
    async (adjuster) => {
      const outcome = await ctx.storage.records.edit(appId, recordId, {
        decide,
        adjuster,
        keep: LIMITS.recordHistoryKept,
      })
      found = outcome.found
      return outcome.found && outcome.changed
        ? { count: 1, counters: outcome.counters }
        : { count: 0, counters: { seq: 0, kept: 0, spam: 0, generation: 0 } }
    },
  )
  if (!found) throw notFound(`Record ${JSON.stringify(recordId)} in this app`)
  const detail = await getRecordDetail(ctx, editor.id, appId, recordId)
  return `${detail.slice(0, -1)},"changed":${JSON.stringify(changed)}}`
}
