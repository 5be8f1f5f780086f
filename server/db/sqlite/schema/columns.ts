/** @module Column builders every SQLite table group shares. */
import { customType, integer } from 'drizzle-orm/sqlite-core'

/** When the row was made, in epoch milliseconds. */
export const createdAt = () => integer('created_at').notNull()

/** A list of strings kept as JSON text; null stays null. */
export const jsonList = customType<{ data: string[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as string[],
})
