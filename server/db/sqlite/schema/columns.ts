/** @module Column builders every SQLite table group shares. */
import { integer } from 'drizzle-orm/sqlite-core'

/** When the row was made, in epoch milliseconds. */
export const createdAt = () => integer('created_at').notNull()
