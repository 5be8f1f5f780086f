/**
 * @module The operation a request is for, by its method and path, as the metrics label
 * it: `ingest.post`, `records.list`, or `other` for paths no operation has (so the label's
 * values are the route table's names, a bounded set, never a path with a token in it).
 */
import { ROUTES } from '../contract/api/routes.ts'

interface Pattern {
  name: string
  test: RegExp
}

/** `/api/v3/apps/:id/fields` → a RegExp; `:param` is one segment, a trailing `*` the rest. */
function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${source}$`)
}

/** Per method, the operations in the table's order; literal paths before parametrised ones of the same shape. */
function byMethod(): Map<string, Pattern[]> {
  const methods = new Map<string, Pattern[]>()
  for (const [name, route] of Object.entries(ROUTES)) {
    const [method, path] = route.split(' ') as [string, string]
    const list = methods.get(method) ?? []
    list.push({ name, test: compile(path) })
    methods.set(method, list)
  }
  // `/fields/accept` must win over `/fields/:field`: fewer parameters first.
  const params = (pattern: Pattern) => (pattern.test.source.match(/\[\^\/\]\+/g) ?? []).length
  for (const list of methods.values()) list.sort((a, b) => params(a) - params(b))
  return methods
}

let table: Map<string, Pattern[]> | null = null

/** The operation name of `method path`, or `other`. HEAD is named as the GET it mirrors. */
export function routeName(method: string, pathname: string): string {
  table ??= byMethod()
  const patterns = table.get(method === 'HEAD' ? 'GET' : method)
  if (!patterns) return 'other'
  for (const pattern of patterns) if (pattern.test.test(pathname)) return pattern.name
  return 'other'
}
