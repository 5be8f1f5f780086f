/**
 * @module The connect theme the built-in planner writes: a colour from the instruction's
 * colour words, light or dark (as colours: the connect theme has no mode), one of the
 * connect module's system font families, and the layout.
 */
import type { StyleWords } from './analyze/style.ts'
import type { FontFamily } from '../contract/connect/fonts.ts'
import type { Layout } from '../contract/connect/schemas.ts'
import type { PlanTheme } from '../contract/smart/plan.ts'

/** Primary colours by name, chosen for ≥ 4.5:1 contrast with white button text. */
const PRIMARY: Record<string, string> = {
  blue: '#1d4ed8',
  navy: '#1e3a8a',
  teal: '#0f766e',
  green: '#15803d',
  red: '#b91c1c',
  orange: '#c2410c',
  purple: '#6d28d9',
  pink: '#be185d',
  amber: '#b45309',
  gray: '#374151',
}

/** Font families of the connect module (system stacks that cover Chinese as well). */
const FONT: Record<NonNullable<StyleWords['font']> | 'sans', FontFamily> = {
  sans: 'system',
  serif: 'serif',
  mono: 'monospace',
}

/** Why each layout is the default: an assessment one question per screen, a plain form on one page. */
const LAYOUT_NOTES: Record<Layout, string> = {
  'one-per-screen': 'No layout given: one question per screen, which suits phones and keeps respondents focused.',
  all: 'No layout given: all fields on one page, as people expect of a short form.',
}

/** The theme for `style`, and notes on every default taken. */
export function themeFor(
  style: StyleWords,
  buttonText: string,
  defaultLayout: Layout = 'one-per-screen',
): { theme: PlanTheme; notes: string[] } {
  const notes: string[] = []
  const colour = style.colour ?? 'blue'
  if (!style.colour) notes.push('No colour given: used a calm blue (#1d4ed8).')
  const mode = style.mode ?? 'light'
  if (!style.mode) notes.push('No light/dark preference given: used a light theme.')
  const layout = style.layout ?? defaultLayout
  if (!style.layout) notes.push(LAYOUT_NOTES[defaultLayout])
  return {
    theme: {
      primaryColor: mode === 'dark' && colour === 'gray' ? '#6b7280' : PRIMARY[colour],
      backgroundColor: mode === 'dark' ? '#0f172a' : '#ffffff',
      textColor: mode === 'dark' ? '#e5e7eb' : '#111827',
      fontFamily: FONT[style.font ?? 'sans'],
      layout,
      buttonText,
    },
    notes,
  }
}
