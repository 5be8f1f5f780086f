/** @module The texts a form shows of a field (help, placeholder and their translations): trimmed, bounded, no control characters. */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { characterCount, hasControlCharacters } from './names.ts'

/** The longest help text and placeholder, in characters. */
export const FORM_TEXT_LIMITS = { help: 1000, placeholder: 200 } as const

/** Text shown on the form: trimmed, at most `max` characters; `multiline` allows line breaks. */
export const formText = (max: number, multiline: boolean) =>
  z
    .string({ error: expect('a string') })
    .trim()
    .refine((text) => characterCount(text) <= max, `can have at most ${max} characters`)
    .refine(
      (text) => !hasControlCharacters(multiline ? text.replace(/\r?\n/g, '') : text),
      multiline ? 'cannot contain control characters other than line breaks' : 'cannot contain control characters',
    )
