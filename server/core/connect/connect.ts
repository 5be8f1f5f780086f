/**
 * @module Connect (page styling): read, change and reset the theme of an app's fill-in
 * and report pages. The row is made on first change; without it the default theme applies.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { connectThemes } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { DEFAULT_THEME, setThemeSchema, type SetThemeInput, type Theme } from './schemas.ts'

/** The theme of an app (defaults filled in); no ownership check, for the public pages. */
export async function themeOf(ctx: AppContext, appId: string): Promise<Theme> {
  const row = ctx.store.db.select({ theme: connectThemes.theme }).from(connectThemes).where(eq(connectThemes.appId, appId)).get()
  return row ? { ...DEFAULT_THEME, ...(JSON.parse(row.theme) as Partial<Theme>) } : { ...DEFAULT_THEME }
}

const definedOnly = (patch: object) => Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))

/** The theme of one of `userId`'s apps. */
export async function getTheme(ctx: AppContext, userId: string, appId: string): Promise<Theme> {
  await requireOwnedApp(ctx, userId, appId)
  return themeOf(ctx, appId)
}

/** Changes the theme; properties left out stay. */
export async function setTheme(ctx: AppContext, userId: string, appId: string, input: SetThemeInput): Promise<Theme> {
  const patch = parseInput(setThemeSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const theme = { ...(await themeOf(ctx, appId)), ...definedOnly(patch) }
  const now = ctx.clock.now()
  const text = JSON.stringify(theme)
  ctx.store.db.insert(connectThemes).values({ appId, theme: text, updatedAt: now }).onConflictDoUpdate({ target: connectThemes.appId, set: { theme: text, updatedAt: now } }).run()
  ctx.changes.notify(appId, 'app')
  return theme
}

/** Back to the default theme. */
export async function resetTheme(ctx: AppContext, userId: string, appId: string): Promise<Theme> {
  await requireOwnedApp(ctx, userId, appId)
  ctx.store.db.delete(connectThemes).where(eq(connectThemes.appId, appId)).run()
  ctx.changes.notify(appId, 'app')
  return { ...DEFAULT_THEME }
}

/** The stored theme with `input` applied but not saved, for previews. */
export async function previewTheme(ctx: AppContext, userId: string, appId: string, input: SetThemeInput = {}): Promise<Theme> {
  const patch = parseInput(setThemeSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  return { ...(await themeOf(ctx, appId)), ...definedOnly(patch) }
}
