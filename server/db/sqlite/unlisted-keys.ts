/**
 * @module The catalogue of unlisted keys on SQLite (schema.ts `unlistedKeys`): noted by the
 * group commit inside its transaction, listed and forgotten for the owner.
 */
import type { UnlistedKeyRow, UnlistedKeyStore } from '../storage/unlisted-keys.ts'
import type { SqliteContext } from './context.ts'

/** Statements the group commit runs inside its transaction. */
export interface UnlistedNotes {
  /**
   * Notes `names` as posted at `now`: known ones get a new last-seen time, new ones are
   * catalogued while the app has fewer than `max`; returns the ones past the catalogue.
   */
  note(appId: string, names: readonly string[], now: number, max: number): string[]
  /** Takes `names` out of the catalogue (they became fields). */
  forget(appId: string, names: readonly string[]): void
}

/** The commit's side of the catalogue. */
export function sqliteUnlistedNotes(db: SqliteContext): UnlistedNotes {
  const touch = db.sqlite.prepare<unknown, [string, string, number]>(
    'UPDATE unlisted_keys SET last_seen = max(last_seen, ?3) WHERE app_id = ?1 AND name = ?2',
  )
  const count = db.sqlite.prepare<{ n: number }, [string]>('SELECT count(*) AS n FROM unlisted_keys WHERE app_id = ?')
  const insert = db.sqlite.prepare<unknown, [string, string, number]>(
    'INSERT INTO unlisted_keys (app_id, name, first_seen, last_seen) VALUES (?1, ?2, ?3, ?3) ON CONFLICT DO NOTHING',
  )
  const remove = db.sqlite.prepare<unknown, [string, string]>('DELETE FROM unlisted_keys WHERE app_id = ? AND name = ?')
  return {
    note(appId, names, now, max) {
      let room: number | null = null
      const past: string[] = []
      for (const name of names) {
        if (touch.run(appId, name, now).changes > 0) continue
        room ??= max - (count.get(appId)?.n ?? 0)
        if (room <= 0) {
          past.push(name)
          continue
        }
        insert.run(appId, name, now)
        room--
      }
      return past
    },
    forget(appId, names) {
      for (const name of names) remove.run(appId, name)
    },
  }
}

/** The owner's side of the catalogue. */
export function sqliteUnlistedKeys(db: SqliteContext): UnlistedKeyStore {
  const list = db.sqlite.prepare<UnlistedKeyRow, [string]>(
    'SELECT name, first_seen AS firstSeen, last_seen AS lastSeen FROM unlisted_keys WHERE app_id = ? ORDER BY first_seen, name',
  )
  const notes = sqliteUnlistedNotes(db)
  return {
    list: async (appId) => list.all(appId),
    forget: async (appId, names) => {
      db.db.transaction(() => notes.forget(appId, names), { behavior: 'immediate' })
    },
  }
}
