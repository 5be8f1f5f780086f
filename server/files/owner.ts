/**
 * @module The owner's files: one file of one of their apps, and the short-lived signed
 * address (`files.link`) that shows it inline without credentials, so the admin page can put
 * an image or a PDF in an `<img>` or `<iframe>`, where no Authorization header goes. The
 * address names the app, the file and its expiry, under a MAC of the server's secret: it
 * cannot be made for another file or kept past its minutes. Another account's app, a file
 * of another app, or an address that does not verify is a 404, as for a missing one.
 */
import { timingSafeEqual } from 'node:crypto'
import { notFound } from '../contract/errors.ts'
import type { FileRow } from '../db/storage/files.ts'
import { requireApp } from '../core/apps/member-app.ts'
import type { AppContext } from '../core/context.ts'

export type { FileRow }

/** How long a signed address opens its file. */
export const FILE_LINK_MS = 5 * 60 * 1000

/** The file `fileId` of one of `userId`'s apps; 404 when there is none. */
export async function ownedFile(ctx: AppContext, userId: string, appId: string, fileId: string): Promise<FileRow> {
  await requireApp(ctx, userId, appId)
  const row = await ctx.storage.files.get(appId, fileId)
  if (!row) throw notFound(`File ${JSON.stringify(fileId)} in this app`)
  return row
}

const linkMac = (ctx: AppContext, appId: string, fileId: string, expires: number) =>
  ctx.sealer.mac(JSON.stringify(['svc file link v1', appId, fileId, expires]))

/** A signed address of the owner's file, valid for FILE_LINK_MS. */
export async function fileLink(
  ctx: AppContext,
  userId: string,
  appId: string,
  fileId: string,
): Promise<{ link: string; expiresAt: number }> {
  const row = await ownedFile(ctx, userId, appId, fileId)
  const expiresAt = ctx.clock.now() + FILE_LINK_MS
  const payload = Buffer.from(JSON.stringify([row.appId, row.id, expiresAt])).toString('base64url')
  return { link: `${payload}.${linkMac(ctx, row.appId, row.id, expiresAt)}`, expiresAt }
}

/** The file a signed address opens; 404 when it does not verify, has expired, or the file is gone. */
export async function openFileLink(ctx: AppContext, link: string): Promise<FileRow> {
  const gone = () => notFound('File link (it may have expired: ask the admin page for a new one)')
  const [payload, mac] = typeof link === 'string' ? link.split('.') : []
  if (!payload || !mac) throw gone()
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    throw gone()
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw gone()
  const [appId, fileId, expires] = parsed
  if (typeof appId !== 'string' || typeof fileId !== 'string' || typeof expires !== 'number') throw gone()
  const expected = Buffer.from(linkMac(ctx, appId, fileId, expires))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw gone()
  if (expires < ctx.clock.now()) throw gone()
  const row = await ctx.storage.files.get(appId, fileId)
  if (!row) throw gone()
  return row
}
