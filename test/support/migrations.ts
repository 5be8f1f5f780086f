/**
 * @module A copy of the SQLite migrations that stops just before one of them, for tests that
 * make a database the way an older svc left it and then migrate it as the server does.
 */
import { expect } from 'bun:test'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MIGRATIONS_FOLDER } from '../../server/db/sqlite/migrate.ts'
import { tempDir } from './tmp.ts'

interface Journal {
  entries: Array<{ idx: number; tag: string }>
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
