/**
 * @module Which migrations a start-up applied, for its log line: drizzle's migrators apply
 * in journal order and record one row per migration, so the rows counted before and after
 * name the journal's entries that ran (a fresh database: all of them).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

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
