/**
 * @module Copies of the migrations for tests: the SQLite ones stopping just before one of
 * them (a database the way an older svc left it, then migrated as the server does), and
 * either backend's with one more at the end (a later svc's, or one that fails).
 */
import { expect } from 'bun:test'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MIGRATIONS_FOLDER } from '../../server/db/sqlite/migrate.ts'
import { tempDir } from './tmp.ts'

interface Journal {
  entries: Array<{ idx: number; tag: string; when: number }>
}

/** A fresh folder holding drizzle/sqlite's migrations before `tag`. */
export function migrationsBefore(tag: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal
  const at = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(at).toBeGreaterThan(0)
  const folder = tempDir('svc-migrations-')
  mkdirSync(join(folder, 'meta'))
  const earlier = journal.entries.slice(0, at)
  for (const entry of earlier)
    copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }))
  return folder
}

/** A fresh folder holding `source`'s migrations and one more, `tag`, of the statements given, dated after the last. */
export function migrationsWithOneMore(source: string, tag: string, statements: string[]): string {
  const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as Journal
  const folder = tempDir('svc-migrations-')
  mkdirSync(join(folder, 'meta'))
  for (const entry of journal.entries) copyFileSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  const last = journal.entries.at(-1)!
  const entries = [...journal.entries, { ...last, idx: last.idx + 1, tag, when: last.when + 86_400_000 }]
  writeFileSync(join(folder, `${tag}.sql`), statements.join('--> statement-breakpoint'))
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  return folder
}
