/**
 * @module The batches pages and exports are read in (storage/records.ts `batch`), as SQLite
 * SQL: the next `rows` rows on the index of the order, stepped through one at a time
 * (records.ts) and left as soon as their stored text reaches `bytes`, so a batch of 1 MiB
 * records costs a MiB or two, not rows × record size. Stepping is as cheap as reading all
 * rows at once; a window function summing sizes in SQL cost 3× a plain read.
 */
import type { BatchQuery, LiveQuery, ReadSelection } from '../storage/records.ts'
import type { FilterNode } from '../storage/record-filter.ts'
import { compileFilter, type Compiled } from './record-filter.ts'

/**
 * A batch the store reads for an owner's change (the delete and spam units, the recount):
 * rows with every column of a StatsRow, and, with `seqs`, only the rows of those numbers.
 */
export interface StatsBatchQuery extends BatchQuery {
  seqs?: readonly number[]
}

const COLUMNS = {
  record: 'id, data, meta, scores, spam, created_at AS createdAt',
  stats: 'id, seq, pos, data, meta, scores, spam, created_at AS createdAt',
} as const

const SELECTION = { kept: 'pos IS NOT NULL', all: '1', spam: 'spam = 1' } as const
const KEY = { kept: 'pos', all: 'seq', spam: 'seq' } as const

/** The statement of one batch of `appId` (parameters numbered `?N`, `?1` the app), its rows a RecordRow's columns or a StatsRow's. */
export function batchSql(appId: string, query: StatsBatchQuery, columns: keyof typeof COLUMNS = 'record'): Compiled {
  const params: Array<string | number> = [appId]
  const bind = (value: string | number) => `?${params.push(value)}`
  const key = KEY[query.selection]
  const dir = query.order === 'desc' ? 'DESC' : 'ASC'
  const where = [`app_id = ?1`, SELECTION[query.selection]]
  if (query.filter) where.push(compileFilter(query.filter, params).sql)
  // The numbers as one JSON array parameter: one statement whatever their count, still a walk of the key's index.
  if (query.seqs) where.push(`seq IN (SELECT value FROM json_each(${bind(JSON.stringify(query.seqs))}))`)
  const start = query.start
  let offset = ''
  if ('at' in start) where.push(`${key} ${dir === 'DESC' ? '<=' : '>='} ${bind(start.at)}`)
  else if ('afterId' in start)
    where.push(
      `${key} ${dir === 'DESC' ? '<' : '>'} COALESCE((SELECT ${key} FROM records WHERE app_id = ?1 AND id = ${bind(start.afterId)}), ${bind(start.key)})`,
    )
  const limit = bind(query.rows)
  if ('skip' in start) offset = ` OFFSET ${bind(start.skip)}`
  return {
    sql: `SELECT ${COLUMNS[columns]}, ${key} AS cursor FROM records WHERE ${where.join(' AND ')} ORDER BY ${key} ${dir} LIMIT ${limit}${offset}`,
    params,
  }
}

/** The statement counting the records of `appId` that `selection` and `filter` select. */
export function filteredCountSql(appId: string, selection: ReadSelection, filter: FilterNode): Compiled {
  const condition = compileFilter(filter, [appId])
  return {
    sql: `SELECT COUNT(*) AS n FROM records WHERE app_id = ?1 AND ${SELECTION[selection]} AND ${condition.sql}`,
    params: condition.params,
  }
}

/**
 * A key naming the statement a query compiles to when it has no filter (its shape alone:
 * selection, order and kind of start), so those few statements are prepared once.
 */
export const batchShape = (query: StatsBatchQuery, columns: keyof typeof COLUMNS = 'record'): string | null =>
  query.filter
    ? null
    : `${columns} ${query.selection} ${query.order} ${Object.keys(query.start).sort().join(',')}${query.seqs ? ' seqs' : ''}`

/**
 * The statement of one batch of a live stream (RecordStore `live`): the seq index walked
 * from the higher of two bounds, each valid on its own (see storage/records.ts), testing
 * each row's serial; `?1` the app, `?2` the record sent last, `?3` its position.
 */
export function liveSql(appId: string, query: LiveQuery): Compiled {
  const params: Array<string | number> = [appId, query.afterId ?? '', query.after]
  const bind = (value: string | number) => `?${params.push(value)}`
  const where = [`app_id = ?1`, SELECTION[query.selection]]
  if (query.filter) where.push(compileFilter(query.filter, params).sql)
  where.push(
    `seq > MAX(COALESCE((SELECT seq FROM records WHERE app_id = ?1 AND id = ?2), 0), COALESCE((SELECT ?3 + seq - serial FROM app_stats WHERE app_id = ?1), 0))`,
    `serial > ?3`,
    `serial <= ${bind(query.through)}`,
  )
  return {
    sql: `SELECT ${COLUMNS.record}, serial AS cursor FROM records WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ${bind(query.rows)}`,
    params,
  }
}
