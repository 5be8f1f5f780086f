/**
 * @module A records filter (storage/record-filter.ts) as PostgreSQL SQL: each row's data
 * is cast to jsonb once (a LATERAL subquery PostgreSQL cannot fold back into every use),
 * each test reads one key and binds its value, so no text of the filter is ever spliced
 * into SQL. Casts sit inside CASE (PostgreSQL promises no order for AND), and each test is
 * wrapped to be false rather than NULL where the field is absent, so NOT keeps its meaning.
 *
 * `=` is jsonb containment: the value itself, or an array holding it. Text compares by
 * code point (COLLATE "C"), as on SQLite. `~` is ILIKE, which ignores the case of every
 * letter (SQLite's LIKE: A–Z only). The reads that use it are in record-batches.ts, which
 * gives each row its `j.d` (FILTER_JOIN).
 */
import { conditionOf, type FilterNode, type FilterTest } from '../storage/record-filter.ts'

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
  if (typeof v === 'number')
    return `CASE WHEN jsonb_typeof(${json}) = 'number' THEN (${json} #>> '{}')::numeric ${node.op} ${bind(v, 'numeric')} ELSE false END`
  return `CASE WHEN jsonb_typeof(${json}) = 'string' THEN (${json} #>> '{}') COLLATE "C" ${node.op} ${bind(v as string, 'text')} ELSE false END`
}

/** The WHERE condition of `node` (true or false for every row, never NULL); `params` holds the ones bound before it. */
export function compileFilter(node: FilterNode, params: Array<string | number> = []): Compiled {
  return { sql: conditionOf(node, (t) => test(t, params), 'false'), params }
}

/** What a filtered read joins each row to: its data as jsonb, `j.d`, which the tests read. */
export const FILTER_JOIN = 'CROSS JOIN LATERAL (SELECT r.data::jsonb AS d OFFSET 0) j'
