/** @module Column builders every PostgreSQL table group shares. */
import { bigint, customType } from 'drizzle-orm/pg-core'

/** Epoch milliseconds (as on SQLite); bigint, read back as a JS number. */
export const millis = (name: string) => bigint(name, { mode: 'number' })
/** When the row was made, in epoch milliseconds. */
export const createdAt = () => millis('created_at').notNull()

/** A list of strings kept as JSON text (as on SQLite); null stays null. */
export const jsonList = customType<{ data: string[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as string[],
})
