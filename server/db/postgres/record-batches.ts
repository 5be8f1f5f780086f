/**
 * @module The batches pages and exports are read in (storage/records.ts `batch`), as
 * PostgreSQL SQL on the raw pool. One statement per batch, so its rows are one snapshot:
 * the next `rows` rows on the index of the order with each row's stored size
 * (`octet_length` of a TOASTed value reads its header, not the value), and a running sum
 * that keeps the rows up to the one bringing the total to `bytes`. A big value stays a
 * TOAST pointer until it is sent, so the rows left out are never read in full (one round
 * trip, where reading sizes first would take two). Bun.SQL
 * has no server-side cursors, so a read is a loop of these keyset statements, never one
 * giant result set.
 */
import type { BatchQuery, LiveQuery, ReadSelection } from '../storage/records.ts'
import type { FilterNode } from '../storage/record-filter.ts'
import { arrayLiteral } from './array-literal.ts'
import { compileFilter, FILTER_JOIN, type Compiled } from './record-filter.ts'

/**
 * A batch the store reads for an owner's change (the delete and spam units, the recount):
 * rows with every column of a StatsRow, and, with `seqs`, only the rows of those numbers.
 */
export interface StatsBatchQuery extends BatchQuery {
  seqs?: readonly number[]
}

const COLUMNS = { record: '', stats: 'seq, pos, ' } as const

const SELECTION = { kept: 'r.pos IS NOT NULL', all: 'true', spam: 'r.spam' } as const
const KEY = { kept: 'pos', all: 'seq', spam: 'seq' } as const
const BYTES = 'octet_length(r.data) + octet_length(r.meta) + COALESCE(octet_length(r.scores), 0)'

/** The statement of one batch of `appId` (`$1` the app), its rows a RecordRow's columns or a StatsRow's. */
export function batchSql(appId: string, query: StatsBatchQuery, columns: keyof typeof COLUMNS = 'record'): Compiled {
  const params: Array<string | number> = [appId]
  const bind = (value: string | number, type: string) => `$${params.push(value)}::${type}`
  const key = KEY[query.selection]
  const dir = query.order === 'desc' ? 'DESC' : 'ASC'
  const where = ['r.app_id = $1', SELECTION[query.selection]]
  if (query.filter) where.push(compileFilter(query.filter, params).sql)
  if (query.seqs) where.push(`r.seq = ANY(${bind(arrayLiteral(query.seqs), 'int[]')})`)
  const start = query.start
  if ('at' in start) where.push(`r.${key} ${dir === 'DESC' ? '<=' : '>='} ${bind(start.at, 'int')}`)
  else if ('afterId' in start) {
    where.push(
      `r.${key} ${dir === 'DESC' ? '<' : '>'} COALESCE((SELECT a.${key} FROM records a WHERE a.app_id = $1 AND a.id = ${bind(start.afterId, 'text')}), ${bind(start.key, 'int')})`,
    )
  }
  const limit = bind(query.rows, 'int')
  const offset = 'skip' in start ? ` OFFSET ${bind(start.skip, 'int')}` : ''
  const bytes = bind(query.bytes, 'bigint')
  return {
    sql: `SELECT id, ${COLUMNS[columns]}data, meta, scores, spam, "createdAt", cursor FROM (
        SELECT *, sum(bytes) OVER (ORDER BY cursor ${dir} ROWS UNBOUNDED PRECEDING) - bytes AS before FROM (
          SELECT r.id, r.seq, r.pos, r.data, r.meta, r.scores, r.spam, r.created_at::float8 AS "createdAt", r.${key} AS cursor, ${BYTES} AS bytes
          FROM records r ${query.filter ? FILTER_JOIN : ''} WHERE ${where.join(' AND ')} ORDER BY r.${key} ${dir} LIMIT ${limit}${offset}) picked) running
      WHERE before < ${bytes} ORDER BY cursor ${dir}`,
    params,
  }
}

/**
 * The statement of one batch of a live stream (RecordStore `live`), one snapshot: the seq
 * index walked from the higher of two bounds, each valid on its own (see
 * storage/records.ts), testing each row's serial; `$1` the app, `$2` the record sent last,
 * `$3` its position.
 */
export function liveSql(appId: string, query: LiveQuery): Compiled {
  const params: Array<string | number> = [appId, query.afterId ?? '', query.after]
  const bind = (value: string | number, type: string) => `$${params.push(value)}::${type}`
  const where = ['r.app_id = $1', SELECTION[query.selection]]
  if (query.filter) where.push(compileFilter(query.filter, params).sql)
  where.push(
    `r.seq > GREATEST((SELECT a.seq FROM records a WHERE a.app_id = $1 AND a.id = $2::text), (SELECT $3::bigint + s.seq - s.serial FROM app_stats s WHERE s.app_id = $1), 0)`,
    'r.serial > $3::bigint',
    `r.serial <= ${bind(query.through, 'bigint')}`,
  )
  const limit = bind(query.rows, 'int')
  const bytes = bind(query.bytes, 'bigint')
  return {
    sql: `SELECT id, data, meta, scores, spam, "createdAt", cursor FROM (
        SELECT *, sum(bytes) OVER (ORDER BY seq ROWS UNBOUNDED PRECEDING) - bytes AS before FROM (
          SELECT r.id, r.seq, r.data, r.meta, r.scores, r.spam, r.created_at::float8 AS "createdAt", r.serial::float8 AS cursor, ${BYTES} AS bytes
          FROM records r ${query.filter ? FILTER_JOIN : ''} WHERE ${where.join(' AND ')} ORDER BY r.seq LIMIT ${limit}) picked) running
      WHERE before < ${bytes} ORDER BY seq`,
    params,
  }
}

/** The statement counting the records of `appId` that `selection` and `filter` select. */
export function filteredCountSql(appId: string, selection: ReadSelection, filter: FilterNode): Compiled {
  const condition = compileFilter(filter, [appId])
  return {
    sql: `SELECT COUNT(*)::int AS n FROM records r ${FILTER_JOIN} WHERE r.app_id = $1 AND ${SELECTION[selection]} AND ${condition.sql}`,
    params: condition.params,
  }
}
