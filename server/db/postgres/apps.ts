/**
 * @module AppStore on PostgreSQL (see storage/apps.ts).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { accessOf, roleOf, type AppListRow, type AppPage, type AppStore } from '../storage/apps.ts'
import { deleteAppRecords } from './app-records.ts'
import type { PgContext } from './context.ts'
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
      : sql`(${apps.createdAt}, ${apps.id}) < (${page.after.createdAt}::bigint, ${page.after.id}::text)`,
  )

/** `userId`'s role in the app of the row: owner, their member role, or null. */
const roleFor = (userId: string) =>
  sql<
    string | null
  >`case when ${apps.ownerId} = ${userId} then 'owner' else (select ${appMembers.role} from ${appMembers} where ${appMembers.appId} = ${apps.id} and ${appMembers.userId} = ${userId}) end`

/** The apps store over the PostgreSQL pool. */
export function postgresApps(db: PgContext): AppStore {
  const pg = db.db

  /** The list view for `userId` of the apps `where` selects, in one query. */
  async function listed(userId: string, where: SQL | undefined, limit = 1): Promise<AppListRow[]> {
    const rows = await pg
      .select({
        app: apps,
        kept: appStats.kept,
        spam: appStats.spam,
        lastAt: appStats.lastAt,
        published: endpoints.published,
        reads: endpoints.reads,
        role: roleFor(userId),
        fieldCount: sql<number>`(select count(*) from ${fields} where ${fields.appId} = ${apps.id} and not ${fields.proposed})::int`,
      })
      .from(apps)
      .leftJoin(appStats, eq(appStats.appId, apps.id))
      .leftJoin(endpoints, eq(endpoints.appId, apps.id))
      .where(where)
      // UUIDv7 ids break ties between apps made in the same millisecond.
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(limit)
    return rows.map((row) => ({
      app: row.app,
      fieldCount: Number(row.fieldCount),
      kept: row.kept ?? 0,
      spam: row.spam ?? 0,
      lastAt: row.lastAt ?? null,
      published: row.published ?? false,
      // Every app has its endpoint row; 'off' is the column's default.
      reads: row.reads ?? 'off',
      role: roleOf(row.role),
    }))
  }

  return {
    async create({ app, endpoint }) {
      await db.changes.transaction(pg, async (tx, changed) => {
        changed(app.id, 'app')
        await tx.insert(apps).values(app)
        await tx
          .insert(endpoints)
          .values({ ...endpoint, appId: app.id, createdAt: app.createdAt, updatedAt: app.createdAt })
        await tx
          .insert(appStats)
          .values({ appId: app.id, seq: 0, kept: 0, spam: 0, aggregates: '{}', updatedAt: app.createdAt })
      })
    },

    async access(appId, userId) {
      const [row] = await pg
        .select({ app: apps, role: appMembers.role })
        .from(apps)
        .leftJoin(appMembers, and(eq(appMembers.appId, apps.id), eq(appMembers.userId, userId)))
        .where(eq(apps.id, appId))
      return accessOf(row, userId)
    },

    async byId(appId) {
      const [row] = await pg.select().from(apps).where(eq(apps.id, appId))
      return row ?? null
    },

    list: (userId, page) => listed(userId, pageWhere(userId, page), page.limit),
    listed: async (appId, userId) => (await listed(userId, eq(apps.id, appId)))[0] ?? null,

    async update(appId, changes, updatedAt) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const rows = await tx
          .update(apps)
          .set({ ...changes, updatedAt })
          .where(eq(apps.id, appId))
          .returning({ id: apps.id })
        if (rows.length > 0) changed(appId, 'app')
        return rows.length > 0
      })
    },

    async delete(appId) {
      return db.changes.transaction(pg, async (tx, changed) => {
        await deleteAppRecords(tx, [appId])
        const rows = await tx.delete(apps).where(eq(apps.id, appId)).returning({ id: apps.id })
        if (rows.length > 0) changed(appId, 'deleted')
        return rows.length > 0
      })
    },
  }
}
