/**
 * @module The storage of an app's members and invitations (core/members): the interface core
 * calls (sqlite/members.ts, postgres/members.ts) and its plain row types. The owner is no
 * member row (`apps.owner_id`); accepting an invitation is one transaction, so a link works
 * once also when two processes take it at the same moment. A change of who may reach the app
 * sends an `access` change notice (open streams look again).
 */
import type { MemberRole, Role } from '../../contract/access/roles.ts'

/** A member with their account's address and name. */
export interface MemberRow {
  userId: string
  email: string
  name: string
  role: MemberRole
  createdAt: number
}

export interface InvitationRow {
  id: string
  appId: string
  email: string
  role: Role
  tokenHash: string
  invitedBy: string
  createdAt: number
  expiresAt: number
  acceptedAt: number | null
}

/** An invitation with what its page shows: the app's name and the inviter's address. */
export interface InvitationDetail extends InvitationRow {
  appName: string
  inviterEmail: string
}

/** What accepting did; `taken` when the link was used (or withdrawn) meanwhile. */
export type AcceptOutcome = 'accepted' | 'taken'

export interface MemberStore {
  /** The app's members, by when they joined. */
  list(appId: string): Promise<MemberRow[]>
  /** The app's invitations neither accepted nor expired at `now`, newest first, with the inviter's address. */
  invitations(appId: string, now: number): Promise<(InvitationRow & { inviterEmail: string })[]>
  /** Members and waiting invitations of the app together (for its limit). */
  count(appId: string, now: number): Promise<number>
  /** Stores `row`, withdrawing any waiting invitation of the app to the same address first. */
  invite(row: InvitationRow): Promise<void>
  /** The invitation whose token hashes to `tokenHash`, used or not. */
  invitation(tokenHash: string): Promise<InvitationDetail | null>
  /**
   * In one transaction: marks the invitation accepted at `at` (unless it already was) and
   * makes `userId` a member with its role — or, for `owner`, the app's owner, the old owner
   * staying as admin.
   */
  accept(invitationId: string, userId: string, at: number): Promise<AcceptOutcome>
  /** Sets a member's role; false when `userId` is no member. */
  setRole(appId: string, userId: string, role: MemberRole, at: number): Promise<boolean>
  /** Removes a member; false when `userId` was none. */
  remove(appId: string, userId: string): Promise<boolean>
  /** Withdraws a waiting invitation of the app; false when there was none. */
  revokeInvitation(appId: string, invitationId: string): Promise<boolean>
}
