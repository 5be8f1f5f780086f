/**
 * @module Which fields a job of the group commit makes, decided the same way on both
 * backends from the app's field rows as read under its lock (sqlite/record-commit.ts,
 * postgres/record-commit.ts): the owner's submissions make accepted fields while the app
 * has room under `maxFields` accepted ones; anonymous ones (`job.proposal`) make proposed
 * fields while the app's proposals and the client's fields of the window fit their caps.
 * Pure: no storage calls.
 */
import type { JobResult, NewFieldInput, RecordJob } from './records.ts'

/** What the tally needs of a stored field. */
export interface FieldFacts {
  name: string
  position: number
  proposed: boolean
  proposedBy: string | null
  createdAt: number
}

/** A field to insert: the job's input, where it goes, and whose proposal it is (null: accepted). */
export interface FieldToMake extends NewFieldInput {
  position: number
  proposedBy: string | null
  createdAt: number
}

export interface FieldTally {
  /**
   * The fields `job` makes (none when every key has a field), or the refusal that fails it;
   * made fields count for the jobs after it.
   */
  take(job: RecordJob, maxFields: number): FieldToMake[] | Extract<JobResult, { ok: false }>
}

/** A tally over an app's stored fields. */
export function fieldTally(stored: readonly FieldFacts[]): FieldTally {
  const rows: FieldFacts[] = [...stored]
  const names = new Set(rows.map((row) => row.name))
  let position = rows.reduce((max, row) => Math.max(max, row.position), -1)
  return {
    take(job, maxFields) {
      let missing = job.newFields.filter((field) => !names.has(field.name))
      if (missing.length === 0) return []
      const listed = missing.map((field) => field.name)
      const budget = job.proposal
      if (budget) {
        const byClient = rows.filter((row) => row.proposedBy === budget.by && row.createdAt > budget.since).length
        if (byClient + missing.length > budget.perClient)
          return { ok: false, reason: 'field_budget', budget: 'client', names: listed, used: byClient }
        const proposed = rows.filter((row) => row.proposed).length
        if (proposed + missing.length > budget.maxProposed)
          return { ok: false, reason: 'field_budget', budget: 'proposals', names: listed, used: proposed }
      } else {
        const accepted = rows.filter((row) => !row.proposed).length
        if (accepted + missing.length > maxFields && job.keepSurplus)
          missing = missing.slice(0, Math.max(maxFields - accepted, 0))
        else if (accepted + missing.length > maxFields)
          return { ok: false, reason: 'field_limit', names: listed, existing: accepted }
      }
      const by = budget ? budget.by : null
      const made = missing.map((field) => ({
        ...field,
        position: ++position,
        proposedBy: by,
        createdAt: job.createdAt,
      }))
      for (const field of made) {
        names.add(field.name)
        rows.push({
          name: field.name,
          position: field.position,
          proposed: by !== null,
          proposedBy: by,
          createdAt: field.createdAt,
        })
      }
      return made
    },
  }
}
