/**
 * @module AppStore on SQLite (see storage/apps.ts).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { accessOf, roleOf, type AppListRow, type AppPage, type AppStore } from '../storage/apps.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { appMembers, apps, appStats, endpoints, fields } from './schema.ts'

/** The apps `userId` owns or is a member of (and, for a limited token, only those) after the page's start, in list order. */
const pageWhere = (userId: string, page: AppPage): SQL | undefined =>
  and(
    or(
      eq(apps.ownerId, userId),
      inArray(apps.id, sql`(select ${appMembers.appId} from ${appMembers} where ${appMembers.userId} = ${userId})`),
    ),
    page.only ? inArray(apps.id, [...page.only]) : undefined,
    page.after === null
      ? undefined
      : sql`(${apps.createdAt}, ${apps.id}) < (${page.after.createdAt}, ${page.after.id})`,
  )

/** `userId`'s role in the app of the row: owner, their member role, or null. */
const roleFor = (userId: string) =>
  sql<
    string | null
  >`case when ${apps.ownerId} = ${userId} then 'owner' else (select ${appMembers.role} from ${appMembers} where ${appMembers.appId} = ${apps.id} and ${appMembers.userId} = ${userId}) end`

/** The apps store over the open SQLite database. */
export function sqliteApps(db: SqliteContext): AppStore {
  const d = db.db

  /** The list view for `userId` of the apps `where` selects, in one query. */
  function listed(userId: string, where: SQL | undefined, limit = 1): AppListRow[] {
    return (
      d
        .select({
          app: apps,
          kept: appStats.kept,
          spam: appStats.spam,
          lastAt: appStats.lastAt,
          published: endpoints.published,
          reads: endpoints.reads,
          role: roleFor(userId),
          fieldCount: sql<number>`(select count(*) from ${fields} where ${fields.appId} = ${apps.id} and not ${fields.proposed})`,
        })
        .from(apps)
        .leftJoin(appStats, eq(appStats.appId, apps.id))
        .leftJoin(endpoints, eq(endpoints.appId, apps.id))
        .where(where)
        // UUIDv7 ids break ties between apps made in the same millisecond.
        .orderBy(desc(apps.createdAt), desc(apps.id))
        .limit(limit)
        .all()
        .map((row) => ({
          app: row.app,
          fieldCount: row.fieldCount,
          kept: row.kept ?? 0,
          spam: row.spam ?? 0,
          lastAt: row.lastAt ?? null,
          published: row.published ?? false,
          // Every app has its endpoint row; 'off' is the column's default.
          reads: row.reads ?? 'off',
          role: roleOf(row.role),
        }))
    )
  }

  return {
    async create({ app, endpoint }) {
      changeTransaction(db, (changed) => {
        d.insert(apps).values(app).run()
        d.insert(endpoints)
          .values({ ...endpoint, appId: app.id, createdAt: app.createdAt, updatedAt: app.createdAt })
          .run()
        d.insert(appStats)
          .values({ appId: app.id, seq: 0, kept: 0, spam: 0, aggregates: '{}', updatedAt: app.createdAt })
          .run()
        changed(app.id, 'app')
      })
    },

    async access(appId, userId) {
      const row = d
        .select({ app: apps, role: appMembers.role })
        .from(apps)
        .leftJoin(appMembers, and(eq(appMembers.appId, apps.id), eq(appMembers.userId, userId)))
        .where(eq(apps.id, appId))
        .get()
      return accessOf(row, userId)
    },

    async byId(appId) {
      return d.select().from(apps).where(eq(apps.id, appId)).get() ?? null
    },

    list: async (userId, page) => listed(userId, pageWhere(userId, page), page.limit),
    listed: async (appId, userId) => listed(userId, eq(apps.id, appId))[0] ?? null,

    async update(appId, changes, updatedAt) {
      return changeTransaction(db, (changed) => {
        const done =
          d
            .update(apps)
            .set({ ...changes, updatedAt })
            .where(eq(apps.id, appId))
            .returning({ id: apps.id })
            .all().length > 0
        if (done) changed(appId, 'app')
        return done
      })
    },

    async delete(appId) {
      return changeTransaction(db, (changed) => {
        const done = d.delete(apps).where(eq(apps.id, appId)).returning({ id: apps.id }).all().length > 0
        if (done) changed(appId, 'deleted')
        return done
      })
    },
  }
}
