/**
 * @module The PostgreSQL connection: a Bun.SQL pool (Bun's built-in client) with drizzle's
 * bun-sql driver over it. Every commit waits for the WAL flush (`synchronous_commit=on`,
 * PostgreSQL's default, set explicitly so a server-wide `off` cannot weaken svc's promise
 * that an acknowledged record is durable).
 */
import { SQL } from 'bun'
import { drizzle, type BunSQLDatabase } from 'drizzle-orm/bun-sql'
import * as schema from './schema.ts'

export type PgDb = BunSQLDatabase<typeof schema>

export interface PgConnection {
  /** drizzle over the pool. */
  db: PgDb
  /** The pool itself, for hot paths that send SQL text with bound parameters. */
  client: SQL
  close(): Promise<void>
}

export interface PgOptions {
  /** Most connections this process opens (default 10). */
  max?: number
  /** Seconds an unused connection stays open (default 30). */
  idleTimeout?: number
}

/** Opens a pool to `url` (postgres://…); connections are made on first use. */
export function connectPostgres(url: string, options: PgOptions = {}): PgConnection {
  const client = new SQL({
    url,
    max: options.max ?? 10,
    idleTimeout: options.idleTimeout ?? 30,
    connectionTimeout: 10,
    // Sent as startup parameters, so every pooled connection has them.
    connection: { synchronous_commit: 'on', application_name: 'svc' },
  })
  const db = drizzle({ client, schema })
  return { db, client, close: () => client.close() }
}
