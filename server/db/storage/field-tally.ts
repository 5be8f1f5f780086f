/**
 * @module Which fields a job of the group commit makes, decided the same way on both
 * backends from the app's field rows as read under its lock (sqlite/record-commit.ts,
 * postgres/record-commit.ts): the owner's submissions make accepted fields while the app
 * has room under `maxFields` accepted ones (else the job is refused: `field_limit`);
 * anonymous ones (`job.proposal`) make proposed fields while the app's proposals, the
 * client's fields of the window and the field limit leave room, and their other new keys
 * become *unlisted keys*: kept in the records, never a reason to refuse them.
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

/** What a job makes: its fields, and the keys of a stranger's job past the budgets (unlisted keys). */
export interface TakenFields {
  made: FieldToMake[]
  unlisted: string[]
}

export interface FieldTally {
  /**
   * The fields `job` makes and its unlisted keys (none when every key has a field), or the
   * refusal that fails an owner's job; made fields count for the jobs after it.
   */
  take(job: RecordJob, maxFields: number): TakenFields | Extract<JobResult, { ok: false }>
}

/** How many of a stranger's new keys may still become proposals, within every budget. */
function proposalRoom(rows: readonly FieldFacts[], job: RecordJob, maxFields: number): number {
  const budget = job.proposal!
  let byClient = 0
  let proposed = 0
  for (const row of rows) {
    if (row.proposed) proposed++
    if (row.proposedBy === budget.by && row.createdAt > budget.since) byClient++
  }
  const accepted = rows.length - proposed
  // A proposal the owner could never accept (the app holds maxFields accepted fields) is no use.
  if (accepted >= maxFields) return 0
  return Math.max(0, Math.min(budget.perClient - byClient, budget.maxProposed - proposed))
}

/** A tally over an app's stored fields. */
export function fieldTally(stored: readonly FieldFacts[]): FieldTally {
  const rows: FieldFacts[] = [...stored]
  const names = new Set(rows.map((row) => row.name))
  let position = rows.reduce((max, row) => Math.max(max, row.position), -1)
  return {
    take(job, maxFields) {
      const missing = job.newFields.filter((field) => !names.has(field.name))
      if (missing.length === 0) return { made: [], unlisted: [] }
      let chosen = missing
      let unlisted: string[] = []
      if (job.proposal) {
        const room = proposalRoom(rows, job, maxFields)
        chosen = missing.slice(0, room)
        unlisted = missing.slice(room).map((field) => field.name)
      } else {
        const accepted = rows.filter((row) => !row.proposed).length
        if (accepted + missing.length > maxFields) {
          if (!job.keepSurplus)
            return { ok: false, reason: 'field_limit', names: missing.map((field) => field.name), existing: accepted }
          // A verified sender's keys past the limit stay in the record as unlisted keys.
          const room = Math.max(maxFields - accepted, 0)
          chosen = missing.slice(0, room)
          unlisted = missing.slice(room).map((field) => field.name)
        }
      }
      const by = job.proposal ? job.proposal.by : null
      const made = chosen.map((field) => ({
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
      return { made, unlisted }
    },
  }
}
