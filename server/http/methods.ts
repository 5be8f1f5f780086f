/**
 * @module 405 with `Allow` on every route: a known path asked with a method it does not
 * take. What a path takes is read from the routes the app registered (`app.routes`), so a
 * new route is covered with no list to keep. The lookup runs only after the router found
 * nothing (errors.ts, NOT_FOUND), never on a routed request.
 *
 * - A path is known when a route other than OPTIONS matches it (`:param` is one segment,
 *   `*` the rest; `/x` and `/x/` are the same). The share URLs' CORS preflight
 *   (`OPTIONS /api/v3/share/*`) alone does not make a path known: elsewhere it stays 404.
 * - `Allow` lists every method of every matching route, as the router would dispatch them,
 *   HEAD wherever GET is (Elysia answers HEAD with the GET route, body left off), and OPTIONS
 *   only where a route answers it (the share URLs; the control plane is same-origin).
 */
import { AppError, cutText } from '../contract/errors.ts'

/** What this module reads of a registered route (an entry of Elysia's `app.routes`). */
export interface RouteLike {
  method: string
  path: string
}

/**
 * Says what to do instead on a group of paths (the share URLs name the endpoint's own URL).
 * May throw an AppError (an unknown share token is their 404, whatever the method).
 */
export interface MethodHint {
  prefix: string
  message(pathname: string): Promise<string | undefined> | string | undefined
}

/** Finds, for a request the router did not route, the 405 it deserves; undefined when its path is unknown. */
export type MethodCheck = (
  method: string,
  pathname: string,
  headers: Record<string, string>,
) => Promise<AppError | undefined>

/** The order `Allow` lists methods in; anything else follows, alphabetically. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

interface CompiledPath {
  pattern: RegExp
  methods: Set<string>
}

/** `/x/` and `/x` are one path (the root stays `/`). */
function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** A route path as a RegExp over normalized request paths: `:name` is one segment, `*` the rest. */
function patternOf(path: string): RegExp {
  const source = normalizePath(path)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) return '[^/]+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\\*', '.*')
    })
    .join('/')
  // `/admin/*` also matches `/admin` itself once its slash is normalized away.
  return new RegExp(`^${source.replace(/\/\.\*$/, '(?:/.*)?')}$`)
}

/** The registered paths with their methods, one entry per distinct path. */
function compile(routes: readonly RouteLike[]): CompiledPath[] {
  const byPath = new Map<string, Set<string>>()
  for (const route of routes) {
    const key = normalizePath(route.path)
    const methods = byPath.get(key) ?? new Set<string>()
    methods.add(route.method.toUpperCase())
    byPath.set(key, methods)
  }
  return [...byPath].map(([path, methods]) => ({ pattern: patternOf(path), methods }))
}

const byMethodOrder = (a: string, b: string): number => {
  const [i, j] = [METHOD_ORDER.indexOf(a), METHOD_ORDER.indexOf(b)]
  if (i >= 0 && j >= 0) return i - j
  if (i >= 0 || j >= 0) return i >= 0 ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The methods `pathname` takes, in `Allow` order; empty when no route but OPTIONS matches
 * it, and null when a route takes every method (`ALL`), so nothing is refused.
 */
function methodsFor(paths: readonly CompiledPath[], pathname: string): string[] | null {
  const path = normalizePath(pathname)
  const methods = new Set<string>()
  let known = false
  for (const entry of paths) {
    if (!entry.pattern.test(path)) continue
    for (const method of entry.methods) {
      if (method === 'ALL') return null
      if (method !== 'OPTIONS') known = true
      methods.add(method)
    }
  }
  if (!known) return []
  if (methods.has('GET')) methods.add('HEAD')
  return [...methods].sort(byMethodOrder)
}

/** `GET, HEAD or POST`. */
const alternatives = (methods: readonly string[]): string =>
  methods.length > 1 ? `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)}` : methods[0]

/**
 * The 405 check of an app, reading its routes when first needed (they are complete by
 * then) and again only if more were added. `hints` word the message for their paths.
 */
export function methodNotAllowed(routes: () => readonly RouteLike[], hints: readonly MethodHint[] = []): MethodCheck {
  let compiled: { count: number; paths: CompiledPath[] } | undefined
  return async (method, pathname, headers) => {
    const list = routes()
    if (compiled?.count !== list.length) compiled = { count: list.length, paths: compile(list) }
    const methods = methodsFor(compiled.paths, pathname)
    if (!methods?.length || methods.includes(method)) return undefined
    const allow = methods.join(', ')
    const path = normalizePath(pathname)
    let message: string | undefined
    try {
      const hint = hints.find((h) => path.startsWith(`${h.prefix}/`))
      message = await hint?.message(path)
    } catch (error) {
      if (error instanceof AppError) return error
      throw error
    }
    headers.allow = allow
    return new AppError(
      'method_not_allowed',
      message ??
        `${cutText(pathname, 200)} takes ${alternatives(methods)}, not ${cutText(method)}; the API is described at /api/v3/openapi.json`,
    )
  }
}
