/**
 * @module ThemeStore on PostgreSQL (see storage/themes.ts). A change holds the app's theme
 * lock (part-lock.ts) from reading the stored theme to writing the new one, so two
 * processes changing different properties at once both keep their change.
 */
import { eq } from 'drizzle-orm'
import type { ThemeStore } from '../storage/themes.ts'
import { lockAppPart } from './part-lock.ts'
import type { PgContext } from './context.ts'
import { connectThemes } from './schema.ts'

/** The themes store over the PostgreSQL pool. */
export function postgresThemes(db: PgContext): ThemeStore {
  return {
    async get(appId) {
      const [row] = await db.db
        .select({ theme: connectThemes.theme })
        .from(connectThemes)
        .where(eq(connectThemes.appId, appId))
      return row?.theme ?? null
    },

    set: (appId, next, updatedAt) =>
      db.changes.transaction(db.db, async (tx, changed) => {
        await lockAppPart(tx, 'theme', appId)
        const [row] = await tx
          .select({ theme: connectThemes.theme })
          .from(connectThemes)
          .where(eq(connectThemes.appId, appId))
        const theme = next(row?.theme ?? null)
        await tx
          .insert(connectThemes)
          .values({ appId, theme, updatedAt })
          .onConflictDoUpdate({ target: connectThemes.appId, set: { theme, updatedAt } })
        changed(appId, 'app')
        return theme
      }),

    reset: (appId) =>
      db.changes.transaction(db.db, async (tx, changed) => {
        await tx.delete(connectThemes).where(eq(connectThemes.appId, appId))
        changed(appId, 'app')
      }),
  }
}
