/**
 * @module The storage of the fill-in and report page theme (connect): the interface core
 * calls (implemented in sqlite/themes.ts and postgres/themes.ts). One row per app, made on
 * first change; the theme is JSON text whose shape core knows (core/connect/schemas.ts).
 * Every write announces 'app' for the app.
 */

export interface ThemeStore {
  /** The stored theme (JSON text), or null when the app has the default one. */
  get(appId: string): Promise<string | null>
  /**
   * Stores `next(current)` as the theme, holding the app's theme in between so concurrent
   * changes apply one after the other; `next` is pure and gets null when none is stored.
   * Returns the stored text.
   */
  set(appId: string, next: (current: string | null) => string, updatedAt: number): Promise<string>
  /** Removes the stored theme (the default applies again). */
  reset(appId: string): Promise<void>
}
