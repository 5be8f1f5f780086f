/**
 * @module Every control-plane operation of the route table names the permission it needs,
 * and only those do: the guard refuses a route without one rather than guessing.
 */
import { expect, test } from 'bun:test'
import { OPERATIONS } from '../../../server/contract/api/operations.ts'
import type { Operation } from '../../../server/contract/api/operation.ts'
import { PERMISSIONS, type Permission } from '../../../server/contract/access/roles.ts'
import { ROUTES, type RouteName } from '../../../server/contract/api/routes.ts'

const operations = Object.entries(OPERATIONS) as [string, Operation][]

test('every operation for signed-in callers names a known permission', () => {
  const missing = operations.filter(
    ([, op]) => op.access === 'owner' && !(op.permission && op.permission in PERMISSIONS),
  )
  expect(missing.map(([name]) => name)).toEqual([])
})

test('public and endpoint-token operations name none: strangers are not members', () => {
  const named = operations.filter(([, op]) => op.access !== 'owner' && op.permission !== undefined)
  expect(named.map(([name]) => name)).toEqual([])
})

test('an operation under /api/v3/apps/:id names a permission about that app; account operations do not', () => {
  const wrong = operations
    .filter(([, op]) => op.permission)
    .filter(([name, op]) => {
      const underApp = ROUTES[name as RouteName].includes(' /api/v3/apps/:id')
      const aboutApp = PERMISSIONS[op.permission as Permission].role !== null
      return underApp !== aboutApp
    })
  expect(wrong.map(([name]) => name)).toEqual([])
})
