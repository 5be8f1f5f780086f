/**
 * @module The theme of an app's fill-in and report pages and its input schema, shared by
 * the HTTP routes, the CLI and the MCP tools.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { characterCount, hasControlCharacters } from '../fields/names.ts'
import { ASSESSMENT } from '../limits.ts'
import { DEFAULT_COLORS, isCssColor } from './colors.ts'
import { customCssProblems } from './css.ts'
import { FONT_FAMILIES } from './fonts.ts'
import { imageUrlSchema } from './safe-url.ts'

export const LAYOUTS = ['all', 'one-per-screen'] as const
export type Layout = (typeof LAYOUTS)[number]

/** The theme as the API answers it (named `Theme` in the OpenAPI document by server/contract/api/connect.ts). */
export const themeSchema = z.object({
  primaryColor: z.string().meta({ description: 'Buttons, links, chart bars (a CSS colour)' }),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontFamily: z.enum(FONT_FAMILIES).meta({ description: 'A system font stack (no web fonts)' }),
  logoUrl: z.string().nullable().meta({ description: 'An https image URL shown above the form; null without a logo' }),
  layout: z
    .enum(LAYOUTS)
    .meta({ description: 'all: every question on one page; one-per-screen: one at a time (with JavaScript)' }),
  buttonText: z.string(),
  customCss: z.string().meta({ description: 'Extra CSS for the pages; "" for none' }),
})
export type Theme = z.output<typeof themeSchema>

export const DEFAULT_THEME: Theme = {
  ...DEFAULT_COLORS,
  fontFamily: 'system',
  logoUrl: null,
  layout: 'all',
  buttonText: 'Submit',
  customCss: '',
}

const colorSchema = z
  .string({ error: expect('a CSS colour') })
  .trim()
  .refine(isCssColor, 'must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name')

export const setThemeSchema = bodyObject({
  primaryColor: colorSchema.optional().meta({ description: 'Buttons, links, chart bars', example: '#2563eb' }),
  backgroundColor: colorSchema.optional(),
  textColor: colorSchema.optional(),
  fontFamily: z
    .enum(FONT_FAMILIES, { error: expect(`one of ${FONT_FAMILIES.join(', ')}`) })
    .optional()
    .meta({ description: 'A system font stack (no web fonts)' }),
  logoUrl: imageUrlSchema.optional().meta({ description: 'https image URL shown above the form; null removes it' }),
  layout: z.enum(LAYOUTS, { error: expect('"all" or "one-per-screen"') }).optional(),
  buttonText: z
    .string({ error: expect('a string') })
    .trim()
    .refine((text) => text.length > 0, 'cannot be empty')
    .refine(
      (text) => characterCount(text) <= ASSESSMENT.maxButtonTextLength,
      `can have at most ${ASSESSMENT.maxButtonTextLength} characters`,
    )
    .refine((text) => !hasControlCharacters(text), 'cannot contain control characters')
    .optional(),
  customCss: z
    .string({ error: expect('a string') })
    .trim()
    .max(ASSESSMENT.maxCustomCssLength, `can have at most ${ASSESSMENT.maxCustomCssLength} characters`)
    .superRefine((css, issues) => {
      for (const problem of customCssProblems(css, '')) issues.addIssue({ code: 'custom', message: problem.message })
    })
    .optional()
    .meta({ description: 'Extra CSS for the pages; no @import, no url() to other origins, no expression(), no "<"' }),
})
export type SetThemeInput = z.input<typeof setThemeSchema>
