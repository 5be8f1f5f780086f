/**
 * @module The group commit's claim of pending files on PostgreSQL (NewRecord.files), inside
 * its transaction with the app's counters row locked: the files the app's jobs name are
 * read `FOR UPDATE` (so no other transaction claims or discards them until the commit), a
 * job naming one that is not pending is refused before it writes anything, and the jobs
 * written attach theirs in one UPDATE. Within a group, a file goes to the first job naming it.
 */
import type { JobResult, RecordJob } from '../storage/records.ts'
import type { RawRun } from './changes.ts'

const PENDING =
  'SELECT id FROM files WHERE app_id = $1 AND id = ANY($2::text[]) AND record_id IS NULL ORDER BY id FOR UPDATE'
const ATTACH = `UPDATE files SET record_id = c.record_id
  FROM unnest($2::text[], $3::text[]) AS c(id, record_id)
  WHERE files.app_id = $1 AND files.id = c.id`

/** Whether any record of the job names files. */
export const namesFiles = (job: RecordJob): boolean => job.records.some((record) => (record.files?.length ?? 0) > 0)

/**
 * The entries of one app's `list` whose files are all pending (and named by no earlier job
 * of the list); the others get `file_missing` in `results`.
 */
export async function checkFiles<Entry extends { job: RecordJob; index: number }>(
  run: RawRun,
  appId: string,
  list: Entry[],
  results: JobResult[],
): Promise<Entry[]> {
  const named = [...new Set(list.flatMap(({ job }) => job.records.flatMap((record) => record.files ?? [])))]
  const pending = new Set((await run<{ id: string }>(PENDING, [appId, named])).map((row) => row.id))
  const kept: Entry[] = []
  for (const entry of list) {
    const missing: string[] = []
    const own = new Set<string>()
    for (const record of entry.job.records) {
      for (const id of new Set(record.files ?? [])) {
        if (own.has(id) || !pending.has(id)) missing.push(id)
        own.add(id)
      }
    }
    if (missing.length > 0) {
      results[entry.index] = { ok: false, reason: 'file_missing', ids: [...new Set(missing)] }
      continue
    }
    for (const id of own) pending.delete(id)
    kept.push(entry)
  }
  return kept
}

/** Attaches the files of the jobs to their records (the jobs are being written). */
export async function claimFiles(run: RawRun, appId: string, jobs: RecordJob[]): Promise<void> {
  const ids: string[] = []
  const recordIds: string[] = []
  for (const job of jobs)
    for (const record of job.records)
      for (const id of record.files ?? []) {
        ids.push(id)
        recordIds.push(record.id)
      }
  if (ids.length > 0) await run(ATTACH, [appId, ids, recordIds])
}
