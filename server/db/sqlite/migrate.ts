/**
 * @module Applies drizzle-kit's migrations from drizzle/sqlite/ at start-up, keeping
 * drizzle's own bookkeeping (the `__drizzle_migrations` table, one row per migration with
 * the SHA-256 of its file and its journal `when`) and drizzle's rule: every journal entry
 * later than the newest row is applied, in one transaction, each statement (the file split
 * at `--> statement-breakpoint`) prepared and run. Done here rather than by drizzle's
 * migrator, which reads and hashes every file on every start and builds each statement
 * through its query layer: a first start spends about 10 ms of CPU less, and a restart on
 * a current database reads only the journal.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { embeddedPath } from '../../embedded.ts'
import type { Store } from './connection.ts'
import { refuseNewerSchema } from '../migration-tags.ts'

/** drizzle/sqlite/ of the checkout (Bun writes this file's URL into the server bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url))

/** The migrations this svc applies: the executable's embedded copy there, else the checkout's. */
export const migrationsFolder = (): string => embeddedPath('drizzle/sqlite') ?? MIGRATIONS_FOLDER

interface JournalEntry {
  when: number
  tag: string
}

function journal(folder: string): JournalEntry[] {
  let text: string
  try {
    text = readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')
  } catch {
    throw new Error(`Can't find meta/_journal.json file in ${folder}`)
  }
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries
}

/** Runs one statement of a migration; a failure names it, as drizzle's migrator did. */
function runStatement(store: Store, statement: string): void {
  try {
    store.sqlite.prepare(statement).run()
  } catch (cause) {
    throw new Error(`Failed to run the query '${statement}'`, { cause })
  }
}

/** Brings the schema up to date; safe to call on every start. Returns the tags of the migrations it applied. */
export function migrateStore(store: Store, folder = migrationsFolder()): string[] {
  const entries = journal(folder)
  store.sqlite.run(
    'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
  )
  const newest = store.sqlite
    .query<{ created_at: number }, []>('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1')
    .get()
  refuseNewerSchema(newest === null ? null : Number(newest.created_at), folder)
  const pending = entries.filter((entry) => newest === null || Number(newest.created_at) < entry.when)
  if (pending.length === 0) return []
  const files = pending.map((entry) => {
    const path = join(folder, `${entry.tag}.sql`)
    try {
      return { entry, text: readFileSync(path, 'utf8') }
    } catch {
      throw new Error(`No file ${path} found in ${folder} folder`)
    }
  })
  store.sqlite.run('BEGIN')
  try {
    for (const { entry, text } of files) {
      for (const statement of text.split('--> statement-breakpoint')) runStatement(store, statement)
      store.sqlite
        .prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)')
        .run(createHash('sha256').update(text).digest('hex'), entry.when)
    }
    store.sqlite.run('COMMIT')
  } catch (error) {
    store.sqlite.run('ROLLBACK')
    throw error
  }
  return pending.map((entry) => entry.tag)
}
