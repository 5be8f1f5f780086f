/**
 * @module Small answer shapes several resources share: timestamps, ids, "deleted" answers.
 */
import { z } from 'zod'

/** An ISO 8601 date-time in UTC, as every answer writes times. */
export const isoTime = z.string().meta({ format: 'date-time' })

/** `{deleted: true, id}`: what deleting one thing answers. */
export const deletedAnswer = z.object({ deleted: z.literal(true), id: z.string() })

/** The `limit`/`cursor` query of a paged list. */
export const pageQuery = (defaultSize: number, maxSize: number) =>
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxSize)
      .optional()
      .meta({ description: `Items per page (default ${defaultSize}, at most ${maxSize})` }),
    cursor: z.string().optional().meta({ description: 'The nextCursor of the page before' }),
  })
