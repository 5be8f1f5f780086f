/** @module MemberStore on SQLite (see storage/members.ts). */
import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm'
import type { MemberRole, Role } from '../../contract/access/roles.ts'
import type { MemberStore } from '../storage/members.ts'
import type { SqliteContext } from './context.ts'
import { auditedTransaction, changeTransaction } from './audit.ts'
import { appMembers, apps, invitations, users } from './schema.ts'

export function sqliteMembers(db: SqliteContext): MemberStore {
  // Long: the store's methods, each short, over one database.
  const d = db.db
  const waiting = (appId: string, now: number) =>
    and(eq(invitations.appId, appId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now))

  return {
    async list(appId) {
      const rows = d
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
        .all()
      return rows.map((row) => ({ ...row, role: row.role as MemberRole }))
    },

    async invitations(appId, now) {
      const rows = d
        .select({ invitation: invitations, inviterEmail: users.email })
        .from(invitations)
        .innerJoin(users, eq(users.id, invitations.invitedBy))
        .where(waiting(appId, now))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .all()
      return rows.map(({ invitation, inviterEmail }) => ({
        ...invitation,
        role: invitation.role as Role,
        inviterEmail,
      }))
    },

    async count(appId, now) {
      const members = d.select({ n: count() }).from(appMembers).where(eq(appMembers.appId, appId)).get()?.n ?? 0
      const invited = d.select({ n: count() }).from(invitations).where(waiting(appId, now)).get()?.n ?? 0
      return members + invited
    },

    async invite(row) {
      auditedTransaction(db, row.appId, () => {
        d.delete(invitations)
          .where(
            and(eq(invitations.appId, row.appId), eq(invitations.email, row.email), isNull(invitations.acceptedAt)),
          )
          .run()
        d.insert(invitations).values(row).run()
      })
    },

    async invitation(tokenHash) {
      const row = d
        .select({ invitation: invitations, appName: apps.name, inviterEmail: users.email })
        .from(invitations)
        .innerJoin(apps, eq(apps.id, invitations.appId))
        .innerJoin(users, eq(users.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash))
        .get()
      if (!row) return null
      return {
        ...row.invitation,
        role: row.invitation.role as Role,
        appName: row.appName,
        inviterEmail: row.inviterEmail,
      }
    },

    async accept(invitationId, userId, at) {
      const outcome = changeTransaction(db, (changed) => {
        const tx = d
        const taken = tx
          .update(invitations)
          .set({ acceptedAt: at })
          .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
          .returning({ appId: invitations.appId, role: invitations.role })
          .get()
        if (!taken) return null
        const app = tx.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, taken.appId)).get()
        if (!app) return null
        changed(taken.appId, 'access')
        if (taken.role === 'owner') {
          if (app.ownerId === userId) return taken.appId
          tx.delete(appMembers)
            .where(and(eq(appMembers.appId, taken.appId), eq(appMembers.userId, userId)))
            .run()
          tx.update(apps).set({ ownerId: userId, updatedAt: at }).where(eq(apps.id, taken.appId)).run()
          tx.insert(appMembers)
            .values({ appId: taken.appId, userId: app.ownerId, role: 'admin', createdAt: at, updatedAt: at })
            .run()
          return taken.appId
        }
        // The owner accepting a lesser role stays the owner.
        if (app.ownerId === userId) return taken.appId
        tx.insert(appMembers)
          .values({ appId: taken.appId, userId, role: taken.role, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: [appMembers.appId, appMembers.userId],
            set: { role: taken.role, updatedAt: at },
          })
          .run()
        return taken.appId
      })
      return outcome === null ? 'taken' : 'accepted'
    },

    async setRole(appId, userId, role, at) {
      return changeTransaction(db, (changed) => {
        const done =
          d
            .update(appMembers)
            .set({ role, updatedAt: at })
            .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId)))
            .returning({ userId: appMembers.userId })
            .all().length > 0
        if (done) changed(appId, 'access')
        return done
      })
    },

    async remove(appId, userId) {
      return changeTransaction(db, (changed) => {
        const gone =
          d
            .delete(appMembers)
            .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId)))
            .returning({ userId: appMembers.userId })
            .all().length > 0
        if (gone) changed(appId, 'access')
        return gone
      })
    },

    async revokeInvitation(appId, invitationId) {
      return auditedTransaction(
        db,
        appId,
        () =>
          d
            .delete(invitations)
            .where(and(eq(invitations.appId, appId), eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
            .returning({ id: invitations.id })
            .all().length > 0,
        (gone) => gone,
      )
    },
  }
}
