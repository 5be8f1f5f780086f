/** @module Column builders every PostgreSQL table group shares. */
import { bigint } from 'drizzle-orm/pg-core'

/** Epoch milliseconds (as on SQLite); bigint, read back as a JS number. */
export const millis = (name: string) => bigint(name, { mode: 'number' })
/** When the row was made, in epoch milliseconds. */
export const createdAt = () => millis('created_at').notNull()
