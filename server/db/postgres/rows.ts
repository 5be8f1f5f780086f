/**
 * @module Rows of a raw drizzle statement on PostgreSQL, run on the database or inside a
 * transaction alike (both have `execute`).
 */
import type { sql } from 'drizzle-orm'
import type { PgDb } from './connection.ts'

/** What runs a statement: the database, or a transaction of it. */
export type Exec = Pick<PgDb, 'execute'>

/** The rows `query` returns, typed by the caller. */
export const rowsOf = async <Row>(exec: Exec, query: ReturnType<typeof sql>): Promise<Row[]> =>
  (await exec.execute(query)) as unknown as Row[]
