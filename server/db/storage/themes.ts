/**
 * @module The storage of the fill-in and report page theme (connect): the interface core calls
 * (implemented in sqlite/themes.ts and postgres/themes.ts) and its plain row types.
 */

export interface ThemeStore {}
