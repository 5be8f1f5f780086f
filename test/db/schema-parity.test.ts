/**
 * The two schemas describe one database: the same tables, columns, nullability, defaults,
 * indexes and foreign keys on SQLite (server/db/sqlite/schema.ts) and PostgreSQL
 * (server/db/postgres/schema.ts), so every store can be written against the same rows and a
 * migration on one side without the other fails here.
 */
import { expect, test } from 'bun:test'
import { is, type DrizzleEntityClass } from 'drizzle-orm'
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as pg from '../../server/db/postgres/schema.ts'
import * as sqlite from '../../server/db/sqlite/schema.ts'

/** What must agree between the dialects, per table. */
interface Shape {
  columns: Record<string, { notNull: boolean; primary: boolean; js: string; default: unknown }>
  indexes: Record<string, { columns: string[]; unique: boolean; partial: boolean }>
  foreignKeys: string[]
}

/** The JS type a column reads back as: the part of drizzle's dataType both dialects share. */
const jsType = (dataType: string) => (dataType === 'bigint' ? 'number' : dataType)

function shapeOf(config: ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>): Shape {
  const columns: Shape['columns'] = {}
  for (const column of config.columns) {
    // A generated identity (PostgreSQL) and an integer primary key (SQLite's rowid) are both filled in by the database.
    const filled =
      ('generatedIdentity' in column && column.generatedIdentity !== undefined) ||
      (column.columnType === 'SQLiteInteger' && column.primary)
    columns[column.name] = {
      notNull: column.notNull,
      primary: column.primary,
      js: jsType(column.dataType),
      default: filled ? 'database' : column.default,
    }
  }
  for (const pk of config.primaryKeys ?? []) for (const column of pk.columns) columns[column.name].primary = true
  const indexes: Shape['indexes'] = {}
  for (const index of config.indexes) {
    const {
      name,
      columns: on,
      unique,
      where,
    } = index.config as { name: string; columns: Array<{ name: string }>; unique: boolean; where?: unknown }
    indexes[name] = { columns: on.map((c) => c.name), unique, partial: where !== undefined }
  }
  for (const constraint of config.uniqueConstraints ?? []) {
    indexes[constraint.getName()!] = { columns: constraint.columns.map((c) => c.name), unique: true, partial: false }
  }
  for (const column of config.columns)
    if (column.isUnique) indexes[column.uniqueName!] = { columns: [column.name], unique: true, partial: false }
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference()
      return `${ref.columns.map((c) => c.name).join(',')} -> ${sqliteName(ref.foreignTable)}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`
    })
    .sort()
  return { columns, indexes, foreignKeys }
}

const sqliteName = (table: unknown) =>
  is(table, SQLiteTable) ? sqliteTableConfig(table).name : pgTableConfig(table as PgTable).name

function shapes<T>(
  module: Record<string, unknown>,
  kind: DrizzleEntityClass<T>,
  config: (table: T) => Parameters<typeof shapeOf>[0],
): Record<string, Shape> {
  const out: Record<string, Shape> = {}
  for (const value of Object.values(module)) {
    if (!is(value, kind)) continue
    const table = config(value as T)
    out[table.name] = shapeOf(table)
  }
  return out
}

/**
 * The one difference on purpose: PostgreSQL's records carry no foreign key to their app (its
 * check per row was 12–30% of a group commit; the PostgreSQL stores delete an app's records
 * themselves). SQLite keeps the cascade that deletes them.
 */
const SQLITE_ONLY_FOREIGN_KEYS = { records: 'app_id -> apps(id) on delete cascade' }

test('SQLite and PostgreSQL have the same tables, columns, defaults, indexes and foreign keys', () => {
  const onSqlite = shapes(sqlite, SQLiteTable, sqliteTableConfig)
  const onPostgres = shapes(pg, PgTable, pgTableConfig)
  expect(Object.keys(onSqlite).length).toBeGreaterThan(10)
  for (const [table, foreignKey] of Object.entries(SQLITE_ONLY_FOREIGN_KEYS)) {
    expect(onSqlite[table].foreignKeys).toContain(foreignKey)
    expect(onPostgres[table].foreignKeys).not.toContain(foreignKey)
    onSqlite[table].foreignKeys = onSqlite[table].foreignKeys.filter((key) => key !== foreignKey)
  }
  expect(onPostgres).toEqual(onSqlite)
})
