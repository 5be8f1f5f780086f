/**
 * @module A records filter (storage/record-filter.ts) as SQLite SQL: each test reads one
 * JSON path of `data` with SQLite's JSON functions and binds its value, so no text of the
 * filter is ever spliced into SQL. Each test is wrapped to be 0 rather than NULL where the
 * field is absent, so `NOT` keeps the meaning the filter's reader expects.
 *
 * A page walks the app's rows in page order on the index its spam mode pages by (pos,
 * seq, or the spam index), testing each; the total counts every match. `~` ignores the
 * case of A–Z (SQLite's LIKE).
 */
import { conditionOf, type FilteredPageQuery, type FilterNode, type FilterTest } from '../storage/record-filter.ts'
import { pathTo } from './record-delete.ts'

/** SQL text with its numbered `?N` parameters (a test uses its JSON path several times). */
export interface Compiled {
  sql: string
  params: Array<string | number>
}

const NUMBER_TYPES = "('integer', 'real')"
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function test(node: FilterTest, params: Array<string | number>): string {
  const bind = (value: string | number) => `?${params.push(value)}`
  if (node.on === 'created') return `created_at ${node.op} ${bind(node.value)}`
  if (node.on === 'id') return `id = ${bind(node.value)}`
  const path = bind(pathTo(node.name))
  const type = `json_type(data, ${path})`
  const value = `json_extract(data, ${path})`
  const anyElement = (condition: string) => `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ${path}) e WHERE ${condition}))`
  if (node.op === 'missing') return `(${type} IS NULL OR ${type} = 'null' OR (${type} = 'text' AND ${value} = ''))`
  const v = node.value
  if (node.op === '~') {
    const pattern = bind(likeText(v as string))
    return `((${type} = 'text' AND ${value} LIKE ${pattern} ESCAPE '\\') OR ${anyElement(`e.type = 'text' AND e.value LIKE ${pattern} ESCAPE '\\'`)})`
  }
  if (typeof v === 'boolean') {
    const json = v ? "'true'" : "'false'"
    // The parser lets true and false go with = (or !=) only.
    return `(${type} = ${json} OR ${anyElement(`e.type = ${json}`)})`
  }
  const kind = typeof v === 'number' ? NUMBER_TYPES : "('text')"
  const bound = bind(v)
  if (node.op === '=') return `((${type} IN ${kind} AND ${value} = ${bound}) OR ${anyElement(`e.type IN ${kind} AND e.value = ${bound}`)})`
  return `(${type} IN ${kind} AND ${value} ${node.op} ${bound})`
}

/** The WHERE condition of `node` (true or false for every row, never NULL); `params` holds the ones bound before it. */
export function compileFilter(node: FilterNode, params: Array<string | number> = []): Compiled {
  return { sql: conditionOf(node, (t) => test(t, params), '0'), params }
}

const COLUMNS = 'id, data, meta, scores, spam, created_at AS createdAt'
const SELECTION = { kept: 'pos IS NOT NULL', all: '1', spam: 'spam = 1' } as const
const ORDER_KEY = { kept: 'pos', all: 'seq', spam: 'seq' } as const

/** The page and count statements of a filtered page of `appId`. */
export function filteredPageSql(appId: string, query: FilteredPageQuery): { rows: Compiled; count: Compiled } {
  const condition = compileFilter(query.filter, [appId])
  const where = `app_id = ?1 AND ${SELECTION[query.selection]} AND ${condition.sql}`
  const order = `${ORDER_KEY[query.selection]} ${query.order === 'desc' ? 'DESC' : 'ASC'}`
  const n = condition.params.length
  return {
    rows: { sql: `SELECT ${COLUMNS} FROM records WHERE ${where} ORDER BY ${order} LIMIT ?${n + 1} OFFSET ?${n + 2}`, params: [...condition.params, query.limit, query.offset] },
    count: { sql: `SELECT COUNT(*) AS n FROM records WHERE ${where}`, params: condition.params },
  }
}

/** The statement of an export chunk of the records matching `filter`: the next `limit` after a cursor, in key order. */
export function filteredChunkSql(appId: string, selection: FilteredPageQuery['selection'], filter: FilterNode, after: number, limit: number): Compiled {
  const condition = compileFilter(filter, [appId])
  const key = ORDER_KEY[selection]
  const n = condition.params.length
  return {
    sql: `SELECT ${COLUMNS}, ${key} AS cursor FROM records WHERE app_id = ?1 AND ${SELECTION[selection]} AND ${key} > ?${n + 1} AND ${condition.sql} ORDER BY ${key} LIMIT ?${n + 2}`,
    params: [...condition.params, after, limit],
  }
}
