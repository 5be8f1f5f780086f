/**
 * @module Which migrations a start-up applied, for its log line: drizzle's migrators apply
 * in journal order and record one row per migration, so the rows counted before and after
 * name the journal's entries that ran (a fresh database: all of them). And the refusal to
 * open a database a newer svc migrated: its newest migration is later than any this svc
 * knows, so this code would misread tables it has never seen, or a later migration would
 * be skipped for ever once this svc's own were recorded after it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { VERSION } from '../contract/version.ts'

/** The tags (`0008_strangers_post_only`) of the migrations in `folder`, in the order they apply. */
export function journalTags(folder: string): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag)
}

/** The migrations of `folder` applied between `before` and `after` recorded rows. */
export const appliedTags = (folder: string, before: number, after: number): string[] =>
  after > before ? journalTags(folder).slice(before, after) : []

/** The journal `when` (epoch ms) of the newest migration in `folder`. */
function newestKnown(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

/**
 * Throws, changing nothing, when the database's newest applied migration (`applied`, its
 * journal `when`; null for a new database) is later than every migration of `folder`.
 */
export function refuseNewerSchema(applied: number | null, folder: string): void {
  const known = newestKnown(folder)
  if (applied === null || applied <= known) return
  throw new Error(
    `the database was migrated by a newer svc (its schema is of ${new Date(applied).toISOString()}; svc ${VERSION} knows migrations up to ${new Date(known).toISOString()}). Nothing was changed: run that newer svc again, or restore a backup made before the upgrade with this one`,
  )
}
