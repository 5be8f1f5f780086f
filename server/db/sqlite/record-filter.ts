/**
 * @module A records filter (storage/record-filter.ts) as SQLite SQL: each test reads one
 * JSON path of `data` with SQLite's JSON functions and binds its value, so no text of the
 * filter is ever spliced into SQL. Each test is wrapped to be 0 rather than NULL where the
 * field is absent, so `NOT` keeps the meaning the filter's reader expects.
 * `~` ignores the case of A–Z (SQLite's LIKE). The reads that use it are in record-batches.ts.
 */
import { conditionOf, type FilterNode, type FilterTest } from '../storage/record-filter.ts'
import { pathTo } from './json-path.ts'

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
  const anyElement = (condition: string) =>
    `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ${path}) e WHERE ${condition}))`
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
  if (node.op === '=')
    return `((${type} IN ${kind} AND ${value} = ${bound}) OR ${anyElement(`e.type IN ${kind} AND e.value = ${bound}`)})`
  return `(${type} IN ${kind} AND ${value} ${node.op} ${bound})`
}

/** The WHERE condition of `node` (true or false for every row, never NULL); `params` holds the ones bound before it. */
export function compileFilter(node: FilterNode, params: Array<string | number> = []): Compiled {
  return { sql: conditionOf(node, (t) => test(t, params), '0'), params }
}
