/** @module MemberStore on PostgreSQL (see storage/members.ts); each change of access notifies every process in its transaction. */
import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm'
import type { MemberRole, Role } from '../../contract/access/roles.ts'
import type { MemberStore } from '../storage/members.ts'
import type { PgContext } from './context.ts'
import { auditedTransaction } from './audit-insert.ts'
import { appMembers, apps, invitations, users } from './schema.ts'

export function postgresMembers(db: PgContext): MemberStore {
  // Long: the store's methods, each short, over one database.
  const pg = db.db
  const waiting = (appId: string, now: number) =>
    and(eq(invitations.appId, appId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now))

  return {
    async list(appId) {
      const rows = await pg
        .select({
          userId: appMembers.userId,
          email: users.email,
          name: users.name,
          role: appMembers.role,
          createdAt: appMembers.createdAt,
        })
        .from(appMembers)
        .innerJoin(users, eq(users.id, appMembers.userId))
        .where(eq(appMembers.appId, appId))
        .orderBy(asc(appMembers.createdAt), asc(appMembers.userId))
      return rows.map((row) => ({ ...row, role: row.role as MemberRole }))
    },

    async invitations(appId, now) {
      const rows = await pg
        .select({ invitation: invitations, inviterEmail: users.email })
        .from(invitations)
        .innerJoin(users, eq(users.id, invitations.invitedBy))
        .where(waiting(appId, now))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
      return rows.map(({ invitation, inviterEmail }) => ({
        ...invitation,
        role: invitation.role as Role,
        inviterEmail,
      }))
    },

    async count(appId, now) {
      const [members] = await pg.select({ n: count() }).from(appMembers).where(eq(appMembers.appId, appId))
      const [invited] = await pg.select({ n: count() }).from(invitations).where(waiting(appId, now))
      return Number(members?.n ?? 0) + Number(invited?.n ?? 0)
    },

    async invite(row) {
      await auditedTransaction(pg, db.now, row.appId, async (tx) => {
        await tx
          .delete(invitations)
          .where(
            and(eq(invitations.appId, row.appId), eq(invitations.email, row.email), isNull(invitations.acceptedAt)),
          )
        await tx.insert(invitations).values(row)
      })
    },

    async invitation(tokenHash) {
      const [row] = await pg
        .select({ invitation: invitations, appName: apps.name, inviterEmail: users.email })
        .from(invitations)
        .innerJoin(apps, eq(apps.id, invitations.appId))
        .innerJoin(users, eq(users.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash))
      if (!row) return null
      return {
        ...row.invitation,
        role: row.invitation.role as Role,
        appName: row.appName,
        inviterEmail: row.inviterEmail,
      }
    },

    async accept(invitationId, userId, at) {
      return db.changes.transaction(pg, async (tx, changed) => {
        // The row lock of this update makes a second taker wait, then find it accepted.
        const [taken] = await tx
          .update(invitations)
          .set({ acceptedAt: at })
          .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
          .returning({ appId: invitations.appId, role: invitations.role })
        if (!taken) return 'taken' as const
        const [app] = await tx
          .select({ ownerId: apps.ownerId })
          .from(apps)
          .where(eq(apps.id, taken.appId))
          .for('update')
        if (!app) return 'taken' as const
        if (app.ownerId !== userId) {
          if (taken.role === 'owner') {
            await tx.delete(appMembers).where(and(eq(appMembers.appId, taken.appId), eq(appMembers.userId, userId)))
            await tx.update(apps).set({ ownerId: userId, updatedAt: at }).where(eq(apps.id, taken.appId))
            await tx
              .insert(appMembers)
              .values({ appId: taken.appId, userId: app.ownerId, role: 'admin', createdAt: at, updatedAt: at })
          } else {
            await tx
              .insert(appMembers)
              .values({ appId: taken.appId, userId, role: taken.role, createdAt: at, updatedAt: at })
              .onConflictDoUpdate({
                target: [appMembers.appId, appMembers.userId],
                set: { role: taken.role, updatedAt: at },
              })
          }
        }
        changed(taken.appId, 'access')
        return 'accepted' as const
      })
    },

    async setRole(appId, userId, role, at) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const done =
          (
            await tx
              .update(appMembers)
              .set({ role, updatedAt: at })
              .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId)))
              .returning({ userId: appMembers.userId })
          ).length > 0
        if (done) changed(appId, 'access')
        return done
      })
    },

    async remove(appId, userId) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const gone =
          (
            await tx
              .delete(appMembers)
              .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId)))
              .returning({ userId: appMembers.userId })
          ).length > 0
        if (gone) changed(appId, 'access')
        return gone
      })
    },

    async revokeInvitation(appId, invitationId) {
      return auditedTransaction(
        pg,
        db.now,
        appId,
        async (tx) =>
          (
            await tx
              .delete(invitations)
              .where(
                and(eq(invitations.appId, appId), eq(invitations.id, invitationId), isNull(invitations.acceptedAt)),
              )
              .returning({ id: invitations.id })
          ).length > 0,
        (gone) => gone,
      )
    },
  }
}
