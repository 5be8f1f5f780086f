/**
 * @module Input schemas of the expert operations (profile, commentary per scale level),
 * shared by the HTTP routes, the CLI and the MCP tools.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { characterCount, hasControlCharacters } from '../fields/names.ts'
import { imageUrlSchema } from '../connect/safe-url.ts'
import { longTextSchema } from '../scales/schemas.ts'

const MAX_LINE = 200

/** A single line that may be empty (clearing the value). */
const optionalLine = z
  .string({ error: expect('a string') })
  .trim()
  .refine((text) => characterCount(text) <= MAX_LINE, `can have at most ${MAX_LINE} characters`)
  .refine((text) => !hasControlCharacters(text), 'cannot contain control characters')

export const setExpertSchema = bodyObject({
  name: optionalLine.optional().meta({ description: 'Shown on reports, e.g. "Dr. Ana Ruiz"' }),
  title: optionalLine.optional().meta({ description: 'e.g. "Clinical psychologist"' }),
  bio: longTextSchema.optional(),
  avatarUrl: imageUrlSchema.optional().meta({ description: 'https image URL, null to remove' }),
})
export type SetExpertInput = z.input<typeof setExpertSchema>

export const setCommentSchema = bodyObject({
  text: longTextSchema
    .refine((text) => text.length > 0, 'cannot be empty')
    .meta({ description: 'Advice shown to respondents at this level' }),
})
export type SetCommentInput = z.input<typeof setCommentSchema>
