/** Membership for tests: a member added the way an accepted invitation adds one. */
import { expect } from 'bun:test'
import type { MemberRole } from '../../server/contract/access/roles.ts'
import type { AppContext } from '../../server/core/context.ts'
import { hashSecret, newId } from '../../server/core/ids.ts'

/** Makes `userId` a member of `appId` with `role`, the way an accepted invitation does. */
export async function addMember(
  ctx: AppContext,
  appId: string,
  userId: string,
  role: MemberRole,
  invitedBy: string,
): Promise<void> {
  const id = newId()
  const now = ctx.clock.now()
  const email = (await ctx.storage.users.byId(userId))!.email
  await ctx.storage.members.invite({
    id,
    appId,
    email,
    role,
    tokenHash: hashSecret(id),
    invitedBy,
    createdAt: now,
    expiresAt: now + 60_000,
    acceptedAt: null,
  })
  expect(await ctx.storage.members.accept(id, userId, now)).toBe('accepted')
}
