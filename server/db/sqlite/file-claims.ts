/**
 * @module The group commit's claim of pending files on SQLite (NewRecord.files): inside the
 * commit's IMMEDIATE transaction a job's files are checked before it writes anything (a
 * refusal then needs no savepoint), and claimed once the job is sure to be written. A
 * claimed file is no longer pending, so a later job of the same group naming it is refused.
 */
import type { Statement } from 'bun:sqlite'
import type { JobResult, RecordJob } from '../storage/records.ts'
import type { SqliteContext } from './context.ts'

/** What the commit asks of a job's files. */
export interface FileClaims {
  /** The job's refusal when a file it names is not a pending file of its app (or two of its records name it). */
  check(job: RecordJob): Extract<JobResult, { reason: 'file_missing' }> | null
  /** Attaches the job's files to their records. */
  claim(job: RecordJob): void
}

/** The claims over the open database (statements prepared on first use). */
export function sqliteFileClaims(db: SqliteContext): FileClaims {
  let statements:
    | { pending: Statement<{ id: string }, [string, string]>; attach: Statement<unknown, [string, string, string]> }
    | undefined
  const sqls = () =>
    (statements ??= {
      pending: db.sqlite.prepare<{ id: string }, [string, string]>(
        'SELECT id FROM files WHERE app_id = ?1 AND id = ?2 AND record_id IS NULL',
      ),
      attach: db.sqlite.prepare<unknown, [string, string, string]>(
        'UPDATE files SET record_id = ?3 WHERE app_id = ?1 AND id = ?2',
      ),
    })
  return {
    check(job) {
      const named = new Set<string>()
      const missing: string[] = []
      for (const record of job.records) {
        for (const id of new Set(record.files ?? [])) {
          if (named.has(id) || !sqls().pending.get(job.appId, id)) missing.push(id)
          named.add(id)
        }
      }
      return missing.length > 0 ? { ok: false, reason: 'file_missing', ids: [...new Set(missing)] } : null
    },
    claim(job) {
      for (const record of job.records) for (const id of record.files ?? []) sqls().attach.run(job.appId, id, record.id)
    },
  }
}
