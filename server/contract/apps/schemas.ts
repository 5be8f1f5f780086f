/**
 * @module Input schemas of the app operations, shared by the HTTP routes (and so the
 * OpenAPI document), the CLI and the MCP tools.
 */
import { z } from 'zod'
import { characterCount, hasControlCharacters } from '../fields/names.ts'
import { LIMITS } from '../limits.ts'
import { bodyObject, expect } from './input.ts'

/** An app's name: 1–200 characters after trimming, any script, no control characters. */
export const appNameSchema = z
  .string({ error: expect('a string') })
  .trim()
  .refine((name) => name.length > 0, 'cannot be empty')
  .refine(
    (name) => characterCount(name) <= LIMITS.maxAppNameLength,
    `can have at most ${LIMITS.maxAppNameLength} characters`,
  )
  .refine((name) => !hasControlCharacters(name), 'cannot contain control characters')
  .meta({
    description: `1–${LIMITS.maxAppNameLength} characters after trimming; no control characters`,
    example: 'Customer survey',
  })

/** Free text shown to the owner; line breaks allowed. */
export const appDescriptionSchema = z
  .string({ error: expect('a string') })
  .trim()
  .refine(
    (text) => characterCount(text) <= LIMITS.maxDescriptionLength,
    `can have at most ${LIMITS.maxDescriptionLength} characters`,
  )
  .meta({ description: `At most ${LIMITS.maxDescriptionLength} characters` })

export const createAppSchema = bodyObject({
  name: appNameSchema,
  description: appDescriptionSchema.optional(),
})
export type CreateAppInput = z.input<typeof createAppSchema>

export const updateAppSchema = bodyObject({
  name: appNameSchema.optional(),
  description: appDescriptionSchema.optional(),
})
export type UpdateAppInput = z.input<typeof updateAppSchema>
