/**
 * @module Input schemas of the report operations (pages, sections, preview), shared by the
 * HTTP routes, the CLI and the MCP tools.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { characterCount, hasControlCharacters } from '../fields/names.ts'
import { longTextSchema } from '../scales/schemas.ts'

export const SECTION_TYPES = ['intro', 'score', 'chart', 'expert', 'closing'] as const
export type SectionType = (typeof SECTION_TYPES)[number]

const MAX_TITLE = 200

const titleSchema = z
  .string({ error: expect('a string') })
  .trim()
  .refine((text) => characterCount(text) <= MAX_TITLE, `can have at most ${MAX_TITLE} characters`)
  .refine((text) => !hasControlCharacters(text), 'cannot contain control characters')

const positionSchema = z.int({ error: expect('a whole number') }).min(1, 'counts from 1')

export const addPageSchema = bodyObject({
  title: titleSchema.optional(),
  position: positionSchema.optional().meta({ description: '1-based place among the pages; default: last' }),
})
export type AddPageInput = z.input<typeof addPageSchema>

export const updatePageSchema = bodyObject({
  title: titleSchema.optional(),
  position: positionSchema.optional().meta({ description: 'Moves the page to this 1-based place' }),
})
export type UpdatePageInput = z.input<typeof updatePageSchema>

export const addSectionSchema = bodyObject({
  type: z.enum(SECTION_TYPES, { error: expect(SECTION_TYPES.join(', ')) }).meta({
    description:
      'intro/closing: text; score: one scale with its level and interpretation; chart: all scales; expert: profile and commentary',
  }),
  title: titleSchema.optional(),
  text: longTextSchema.optional().meta({
    description:
      'Plain text; blank lines split paragraphs; placeholders {{<field>}}, {{score.<scale>}}, {{level.<scale>}}',
  }),
  scale: z
    .string({ error: expect('a scale key or id') })
    .optional()
    .meta({ description: 'score: required; expert: optional (default every scale)' }),
  position: positionSchema.optional().meta({ description: '1-based place among the page’s sections; default: last' }),
})
export type AddSectionInput = z.input<typeof addSectionSchema>

export const REPORT_FORMATS = ['text', 'html'] as const

export const previewReportSchema = bodyObject({
  data: z
    .record(z.string(), z.unknown(), { error: expect('an object of answers by field name') })
    .meta({ description: 'Answers as a record would hold them' }),
  format: z.enum(REPORT_FORMATS, { error: expect('"text" or "html"') }).default('text'),
})
export type PreviewReportInput = z.input<typeof previewReportSchema>
