/**
 * @module The connect operations (the theme of an app's fill-in and report pages) and
 * their answers.
 */
import { z } from 'zod'
import { LAYOUTS, setThemeSchema } from '../connect/schemas.ts'
import { FONT_FAMILIES } from '../connect/fonts.ts'
import { data, type OperationsOf } from './operation.ts'
import { named } from './named.ts'

export const themeSchema = named(
  'Theme',
  z.object({
    primaryColor: z.string().meta({ description: 'Buttons, links, chart bars (a CSS colour)' }),
    backgroundColor: z.string(),
    textColor: z.string(),
    fontFamily: z.enum(FONT_FAMILIES).meta({ description: 'A system font stack (no web fonts)' }),
    logoUrl: z.string().nullable().meta({ description: 'An https image URL shown above the form; null without a logo' }),
    layout: z.enum(LAYOUTS).meta({ description: 'all: every question on one page; one-per-screen: one at a time (with JavaScript)' }),
    buttonText: z.string(),
    customCss: z.string().meta({ description: 'Extra CSS for the pages; "" for none' }),
  }),
)
export type Theme = z.output<typeof themeSchema>

export const themePreviewSchema = named(
  'ThemePreview',
  z.object({ theme: themeSchema, html: z.string().meta({ description: 'The fill-in page as a whole HTML document' }) }),
)
export type ThemePreview = z.output<typeof themePreviewSchema>

const tags = ['connect']

export const connectOperations = {
  'connect.get': {
    summary: 'The page theme',
    description: 'The default theme until it is changed.',
    tags,
    access: 'owner',
    answers: { 200: data(themeSchema, 'The theme') },
    errors: ['not_found'],
  },
  'connect.update': {
    summary: 'Change the page theme',
    description: 'Properties left out stay; logoUrl null removes the logo.',
    tags,
    access: 'owner',
    body: setThemeSchema,
    answers: { 200: data(themeSchema, 'The theme as it is now') },
    errors: ['not_found'],
  },
  'connect.preview': {
    summary: 'The fill-in page with the theme, as HTML',
    description: 'The body takes the changes connect.update would (all optional; no body: the theme as stored); they apply to the preview only and are not saved.',
    tags,
    access: 'owner',
    body: setThemeSchema.optional(),
    answers: { 200: data(themePreviewSchema, 'The theme the page was drawn with, and the page') },
    errors: ['not_found'],
  },
  'connect.reset': {
    summary: 'Back to the default theme',
    description: 'Custom CSS is lost.',
    tags,
    access: 'owner',
    answers: { 200: data(themeSchema, 'The default theme') },
    errors: ['not_found'],
  },
} as const satisfies OperationsOf<'connect'>
