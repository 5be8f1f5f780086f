/**
 * @module ThemeStore on SQLite (see storage/themes.ts).
 */
import type { ThemeStore } from '../storage/themes.ts'
import type { SqliteContext } from './context.ts'

/** The themes store over the open SQLite database. */
export function sqliteThemes(_db: SqliteContext): ThemeStore {
  return {}
}
