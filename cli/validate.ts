/**
 * @module Checks a request body with the server's own zod schema before sending it, so a
 * mistake is reported the same way (type `validation`, every problem listed) without a
 * round trip, and the CLI cannot drift from what the server accepts.
 */
import type { z } from 'zod'
import { validationError } from '../server/contract/errors.ts'
import { CliError, EXIT } from './errors.ts'

/** Returns `body` unchanged when `schema` accepts it; throws CliError `validation` otherwise. */
export function checkInput<T>(schema: z.ZodType, body: T): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return body
  const error = validationError(
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  )
  throw new CliError(error.type, error.message, EXIT.error, error.details)
}
