/**
 * @module The connect operations (the theme of an app's fill-in and report pages) and
 * their answers.
 */
import { z } from 'zod'
import { setThemeSchema, themeSchema } from '../connect/schemas.ts'
import { content, data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'

/** The theme of an app's pages, as every connect operation answers it. */
export const themeAnswerSchema = named('Theme', () => themeSchema)
export type { Theme } from '../connect/schemas.ts'

export const themePreviewSchema = named('ThemePreview', () =>
  z.object({
    theme: themeAnswerSchema(),
    html: z.string().meta({ description: 'The fill-in page as a whole HTML document' }),
  }),
)
export type ThemePreview = z.output<ReturnType<typeof themePreviewSchema>>

const tags = ['connect']

export const connectOperations = lazyAnswers({
  'connect.get': {
    summary: 'The page theme',
    description: 'The default theme until it is changed.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(themeAnswerSchema(), 'The theme') }),
    errors: ['not_found'],
  },
  'connect.update': {
    summary: 'Change the page theme',
    description: 'Properties left out stay; logoUrl null removes the logo.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: setThemeSchema,
    answers: () => ({ 200: data(themeAnswerSchema(), 'The theme as it is now') }),
    errors: ['not_found'],
  },
  'connect.preview': {
    summary: 'The fill-in page with the theme, as HTML',
    description:
      'The body takes the changes connect.update would (all optional; no body: the theme as stored); they apply to the preview only and are not saved.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    audited: false,
    body: setThemeSchema.optional(),
    answers: () => ({ 200: data(themePreviewSchema(), 'The theme the page was drawn with, and the page') }),
    errors: ['not_found'],
  },
  'connect.previewPage': {
    summary: 'The fill-in page as respondents see it, to show inside the admin page',
    description:
      "The page with the stored theme and the fields as they are now, published or not. Only this server's own pages may frame it, and it is sandboxed: " +
      'no script runs and its form cannot be sent, so previewing stores nothing.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: content('text/html', 'The fill-in page') }),
    errors: ['not_found'],
  },
  'connect.reset': {
    summary: 'Back to the default theme',
    description: 'Custom CSS is lost.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(themeAnswerSchema(), 'The default theme') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'connect'>
