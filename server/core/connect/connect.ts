/**
 * @module Connect (page styling): read, change and reset the theme of an app's fill-in
 * and report pages. The row is made on first change; without it the default theme applies.
 */
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { DEFAULT_THEME, setThemeSchema, type SetThemeInput, type Theme } from '../../contract/connect/schemas.ts'

/** The theme of an app (defaults filled in); no ownership check, for the public pages. */
export async function themeOf(ctx: AppContext, appId: string): Promise<Theme> {
  return themeFrom(await ctx.storage.themes.get(appId))
}

/** The stored theme text (or none) with the defaults filled in. */
const themeFrom = (stored: string | null): Theme => ({
  ...DEFAULT_THEME,
  ...(stored === null ? {} : (JSON.parse(stored) as Partial<Theme>)),
})

const definedOnly = (patch: object) =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))

/** The theme of one of `userId`'s apps. */
export async function getTheme(ctx: AppContext, userId: string, appId: string): Promise<Theme> {
  await requireApp(ctx, userId, appId)
  return themeOf(ctx, appId)
}

/** Changes the theme; properties left out stay. */
export async function setTheme(ctx: AppContext, userId: string, appId: string, input: SetThemeInput): Promise<Theme> {
  const patch = parseInput(setThemeSchema, input)
  await requireApp(ctx, userId, appId)
  // Applied to the theme as stored when the change is made, so concurrent changes of different properties all stay.
  const stored = await ctx.storage.themes.set(
    appId,
    (current) => JSON.stringify({ ...themeFrom(current), ...definedOnly(patch) }),
    ctx.clock.now(),
  )
  return themeFrom(stored)
}

/** Back to the default theme. */
export async function resetTheme(ctx: AppContext, userId: string, appId: string): Promise<Theme> {
  await requireApp(ctx, userId, appId)
  await ctx.storage.themes.reset(appId)
  return { ...DEFAULT_THEME }
}

/** The stored theme with `input` applied but not saved, for previews. */
export async function previewTheme(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: SetThemeInput = {},
): Promise<Theme> {
  const patch = parseInput(setThemeSchema, input)
  await requireApp(ctx, userId, appId)
  return { ...(await themeOf(ctx, appId)), ...definedOnly(patch) }
}
