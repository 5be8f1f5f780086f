/**
 * @module ThemeStore on SQLite (see storage/themes.ts).
 */
import { eq } from 'drizzle-orm'
import type { ThemeStore } from '../storage/themes.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { connectThemes } from './schema.ts'

/** The themes store over the open SQLite database. */
export function sqliteThemes(db: SqliteContext): ThemeStore {
  return {
    async get(appId) {
      return (
        db.db.select({ theme: connectThemes.theme }).from(connectThemes).where(eq(connectThemes.appId, appId)).get()
          ?.theme ?? null
      )
    },

    async set(appId, next, updatedAt) {
      return changeTransaction(db, (changed) => {
        const tx = db.db
        const current =
          tx.select({ theme: connectThemes.theme }).from(connectThemes).where(eq(connectThemes.appId, appId)).get()
            ?.theme ?? null
        const theme = next(current)
        tx.insert(connectThemes)
          .values({ appId, theme, updatedAt })
          .onConflictDoUpdate({ target: connectThemes.appId, set: { theme, updatedAt } })
          .run()
        changed(appId, 'app')
        return theme
      })
    },

    async reset(appId) {
      changeTransaction(db, (changed) => {
        db.db.delete(connectThemes).where(eq(connectThemes.appId, appId)).run()
        changed(appId, 'app')
      })
    },
  }
}
