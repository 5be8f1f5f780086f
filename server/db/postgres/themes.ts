/**
 * @module ThemeStore on PostgreSQL (see storage/themes.ts).
 */
import type { ThemeStore } from '../storage/themes.ts'
import type { PgContext } from './context.ts'

/** The themes store over the PostgreSQL pool. */
export function postgresThemes(_db: PgContext): ThemeStore {
  return {}
}
