/**
 * @module Prepared statements of the record read paths, compiled once per database.
 * Pages are KEY RANGES on the (app_id, pos) and (app_id, seq) indexes, so page 1000 costs
 * what page 1 costs (an OFFSET scan would walk every earlier row). Spam-only pages walk
 * the small partial index over spam rows with an OFFSET: spam is a small share of records.
 */
import { and, asc, between, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import { records } from '../../db/schema.ts'

const columns = { id: records.id, data: records.data, meta: records.meta, scores: records.scores, spam: records.spam, createdAt: records.createdAt }
const appId = sql.placeholder('appId')
const from = sql.placeholder('from')
const to = sql.placeholder('to')
const limit = sql.placeholder('limit')
const offset = sql.placeholder('offset')
const after = sql.placeholder('after')
// Written as a literal so SQLite can match the partial index's `spam = 1`.
const isSpam = sql`${records.spam} = 1`

function compile(db: Db) {
  const range = (column: typeof records.pos | typeof records.seq, order: typeof asc) =>
    db.select(columns).from(records).where(and(eq(records.appId, appId), between(column, from, to))).orderBy(order(column)).prepare()
  const spamOnly = (order: typeof asc) =>
    db.select(columns).from(records).where(and(eq(records.appId, appId), isSpam)).orderBy(order(records.seq)).limit(limit).offset(offset).prepare()
  const chunk = (column: typeof records.pos | typeof records.seq, spamOnlyRows: boolean) =>
    db
      .select({ ...columns, cursor: column })
      .from(records)
      .where(spamOnlyRows ? and(eq(records.appId, appId), isSpam, gt(column, after)) : and(eq(records.appId, appId), gt(column, after)))
      .orderBy(asc(column))
      .limit(limit)
      .prepare()
  return {
    posAsc: range(records.pos, asc),
    posDesc: range(records.pos, desc),
    seqAsc: range(records.seq, asc),
    seqDesc: range(records.seq, desc),
    spamAsc: spamOnly(asc),
    spamDesc: spamOnly(desc),
    /** Export chunks: the next `limit` rows after a cursor, for each spam mode. */
    chunkKept: chunk(records.pos, false),
    chunkAll: chunk(records.seq, false),
    chunkSpam: chunk(records.seq, true),
    one: db.select(columns).from(records).where(and(eq(records.appId, appId), eq(records.id, sql.placeholder('id')))).prepare(),
  }
}

export type RecordStatements = ReturnType<typeof compile>

const cache = new WeakMap<Db, RecordStatements>()

/** The read statements of `db`, compiled on first use. */
export function recordStatements(db: Db): RecordStatements {
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = compile(db)))
  return statements
}
