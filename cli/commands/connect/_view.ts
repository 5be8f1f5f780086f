/**
 * @module How the page theme reads in a terminal, and the theme flags shared by
 * `connect set` and `connect preview`.
 */
import { details, type Style } from '../../output.ts'
import { FONT_FAMILIES } from '../../../server/contract/connect/fonts.ts'
import type { Theme } from '../../../server/contract/api/connect.ts'
import { LAYOUTS } from '../../../server/contract/connect/schemas.ts'

export type { Theme }

export const themeArgs = {
  'primary-color': {
    type: 'string' as const,
    description: 'Buttons, links, chart bars: #rgb, #rrggbb, rgb(…), hsl(…) or a name',
    valueHint: 'colour',
  },
  'background-color': { type: 'string' as const, description: 'Page background colour', valueHint: 'colour' },
  'text-color': { type: 'string' as const, description: 'Text colour', valueHint: 'colour' },
  'font-family': {
    type: 'enum' as const,
    options: [...FONT_FAMILIES] as string[],
    description: `A system font stack: ${FONT_FAMILIES.join(', ')}`,
    valueHint: 'font',
  },
  'logo-url': {
    type: 'string' as const,
    description: 'https image shown above the form; "none" removes it',
    valueHint: 'url',
  },
  layout: {
    type: 'enum' as const,
    options: [...LAYOUTS] as string[],
    description: 'all (one page) or one-per-screen',
    valueHint: 'layout',
  },
  'button-text': { type: 'string' as const, description: 'Submit button text', valueHint: 'text' },
  'custom-css': {
    type: 'string' as const,
    description: 'Extra CSS (no @import, no url() to other origins, no expression(), no "<")',
    valueHint: 'css',
  },
}

type ThemeFlags = { [K in keyof typeof themeArgs]?: string }

/** The PATCH body for the given flags (only those passed). */
export function themeBody(args: ThemeFlags) {
  const logo = args['logo-url']
  return {
    primaryColor: args['primary-color'],
    backgroundColor: args['background-color'],
    textColor: args['text-color'],
    fontFamily: args['font-family'] as Theme['fontFamily'] | undefined,
    logoUrl: logo === undefined ? undefined : logo.trim().toLowerCase() === 'none' ? null : logo,
    layout: args.layout as Theme['layout'] | undefined,
    buttonText: args['button-text'],
    customCss: args['custom-css'],
  }
}

/** The theme as aligned `key  value` lines. */
export const themeDetails = (theme: Theme) => (style: Style) =>
  details(style, {
    'primary colour': theme.primaryColor,
    'background colour': theme.backgroundColor,
    'text colour': theme.textColor,
    font: theme.fontFamily,
    logo: theme.logoUrl,
    layout: theme.layout,
    'button text': theme.buttonText,
    'custom css': theme.customCss ? `${theme.customCss.length} characters` : '-',
  })
