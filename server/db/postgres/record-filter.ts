/**
 * @module A records filter (storage/record-filter.ts) as PostgreSQL SQL: each row's data
 * is cast to jsonb once (a LATERAL subquery PostgreSQL cannot fold back into every use),
 * each test reads one key and binds its value, so no text of the filter is ever spliced
 * into SQL. Casts sit inside CASE (PostgreSQL promises no order for AND), and each test is
 * wrapped to be false rather than NULL where the field is absent, so NOT keeps its meaning.
 *
 * `=` is jsonb containment: the value itself, or an array holding it. Text compares by
 * code point (COLLATE "C"), as on SQLite. `~` is ILIKE, which ignores the case of every
 * letter (SQLite's LIKE: A–Z only).
 */
import { conditionOf, type FilteredPageQuery, type FilterNode, type FilterTest } from '../storage/record-filter.ts'

/** SQL text with its `$n` parameters in order. */
export interface Compiled {
  sql: string
  params: Array<string | number>
}

const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function test(node: FilterTest, params: Array<string | number>): string {
  const bind = (value: string | number, type: string) => `$${params.push(value)}::${type}`
  if (node.on === 'created') return `r.created_at ${node.op} ${bind(node.value, 'bigint')}`
  if (node.on === 'id') return `r.id = ${bind(node.value, 'text')}`
  const key = bind(node.name, 'text')
  const json = `(j.d -> ${key})`
  if (node.op === 'missing') return `(COALESCE(jsonb_typeof(${json}), 'null') = 'null' OR ${json} = '""'::jsonb)`
  const v = node.value
  if (node.op === '~') {
    const pattern = bind(likeText(v as string), 'text')
    return `CASE jsonb_typeof(${json}) WHEN 'string' THEN (${json} #>> '{}') ILIKE ${pattern}
      WHEN 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${json}) e(v) WHERE jsonb_typeof(e.v) = 'string' AND (e.v #>> '{}') ILIKE ${pattern}) ELSE false END`
  }
  if (node.op === '=') return `${json} @> (${bind(JSON.stringify(v), 'text')})::jsonb`
  if (typeof v === 'number') return `CASE WHEN jsonb_typeof(${json}) = 'number' THEN (${json} #>> '{}')::numeric ${node.op} ${bind(v, 'numeric')} ELSE false END`
  return `CASE WHEN jsonb_typeof(${json}) = 'string' THEN (${json} #>> '{}') COLLATE "C" ${node.op} ${bind(v as string, 'text')} ELSE false END`
}

/** The WHERE condition of `node` (true or false for every row, never NULL); `params` holds the ones bound before it. */
export function compileFilter(node: FilterNode, params: Array<string | number> = []): Compiled {
  return { sql: conditionOf(node, (t) => test(t, params), 'false'), params }
}

const COLUMNS = 'r.id, r.data, r.meta, r.scores, r.spam, r.created_at::float8 AS "createdAt"'
const SELECTION = { kept: 'r.pos IS NOT NULL', all: 'true', spam: 'r.spam' } as const
const ORDER_KEY = { kept: 'r.pos', all: 'r.seq', spam: 'r.seq' } as const

/** The page and count statements of a filtered page of `appId`. */
export function filteredPageSql(appId: string, query: FilteredPageQuery): { rows: Compiled; count: Compiled } {
  const condition = compileFilter(query.filter, [appId])
  const from = `records r CROSS JOIN LATERAL (SELECT r.data::jsonb AS d OFFSET 0) j WHERE r.app_id = $1 AND ${SELECTION[query.selection]} AND ${condition.sql}`
  const order = `${ORDER_KEY[query.selection]} ${query.order === 'desc' ? 'DESC' : 'ASC'}`
  const n = condition.params.length
  return {
    rows: { sql: `SELECT ${COLUMNS} FROM ${from} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, params: [...condition.params, query.limit, query.offset] },
    count: { sql: `SELECT COUNT(*)::int AS n FROM ${from}`, params: condition.params },
  }
}

/** The statement of an export chunk of the records matching `filter`: the next `limit` after a cursor, in key order. */
export function filteredChunkSql(appId: string, selection: FilteredPageQuery['selection'], filter: FilterNode, after: number, limit: number): Compiled {
  const condition = compileFilter(filter, [appId])
  const key = ORDER_KEY[selection]
  const n = condition.params.length
  return {
    sql: `SELECT ${COLUMNS}, ${key} AS cursor FROM records r CROSS JOIN LATERAL (SELECT r.data::jsonb AS d OFFSET 0) j
      WHERE r.app_id = $1 AND ${SELECTION[selection]} AND ${key} > $${n + 1} AND ${condition.sql} ORDER BY ${key} LIMIT $${n + 2}`,
    params: [...condition.params, after, limit],
  }
}
