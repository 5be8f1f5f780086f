/**
 * @module Which operations of the route table the audit log records, and what an entry
 * names from the request's path: the app (`/apps/:id/…`) and the thing acted on (the path's
 * other parameters, e.g. the field or the webhook).
 */
import { OPERATIONS } from '../../contract/api/operations.ts'
import type { Operation } from '../../contract/api/operation.ts'
import { routeOf, type RouteName } from '../../contract/api/routes.ts'

const APP_PATH = '/api/v3/apps/:id'

/** Whether calls of `name` that end well get an entry: the operation says so, else every change the owner makes. */
export function isAudited(name: RouteName): boolean {
  const operation: Operation = OPERATIONS[name]
  if (operation.audited !== undefined) return operation.audited
  const { method } = routeOf(name)
  return operation.access === 'owner' && method !== 'GET' && method !== 'HEAD'
}

/** The app a call of `name` is about (null: none) and what in it, from the path's parameters. */
export function auditPlace(
  name: RouteName,
  params: Record<string, string | undefined> = {},
): { appId: string | null; target: string | null } {
  const path = routeOf(name).path as string
  const ofApp = path === APP_PATH || path.startsWith(`${APP_PATH}/`)
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).filter((key) => !(ofApp && key === 'id'))
  const parts = names.map((key) => params[key]).filter((value): value is string => Boolean(value))
  return { appId: ofApp ? (params.id ?? null) : null, target: parts.length > 0 ? parts.join('/') : null }
}
