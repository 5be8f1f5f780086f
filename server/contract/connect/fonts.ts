/**
 * @module Font families a theme may use: system font stacks only, so pages never load
 * web fonts from a CDN (and the page CSP can forbid fonts altogether).
 */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, serif',
  'old-style': '"Iowan Old Style", "Palatino Linotype", "URW Palladio L", P052, serif',
  monospace: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
} as const

export type FontFamily = keyof typeof FONT_STACKS
export const FONT_FAMILIES = Object.keys(FONT_STACKS) as FontFamily[]
