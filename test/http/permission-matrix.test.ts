/**
 * Every control-plane operation about one app, called by every role and by a stranger, and
 * by the owner's tokens with and without the scope it needs: the answer is what the route
 * table's permission says — passed through to the operation (whatever it then answers), 403
 * `forbidden` naming the missing role or scope, or 404 "App not found" for a stranger, so ids
 * are not confirmed. The account-wide operations are walked by scope alone. The permission
 * table in docs/security.md is the one in contract/access/roles.ts.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OPERATIONS } from '../../server/contract/api/operations.ts'
import type { Operation } from '../../server/contract/api/operation.ts'
import { ROUTES, type RouteName } from '../../server/contract/api/routes.ts'
import {
  MEMBER_ROLES,
  PERMISSIONS,
  ROLES,
  SCOPES,
  type Permission,
  type Role,
  type Scope,
} from '../../server/contract/access/roles.ts'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { BASE, testApp, type TestApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { addMember } from '../support/members.ts'

const operations = (Object.entries(OPERATIONS) as [RouteName, Operation][]).filter(([, op]) => op.permission)
const aboutApp = operations.filter(([, op]) => PERMISSIONS[op.permission!].role !== null)
const accountWide = operations.filter(([, op]) => PERMISSIONS[op.permission!].role === null)

interface Answer {
  status: number
  body: { error?: { type: string; message: string; details?: Record<string, unknown> } }
}

/** One request of `name` with placeholder params and an empty JSON body where it takes one; a stream is let go once it answers. */
async function requestOf(t: TestApp, name: RouteName, appId: string, token: string): Promise<Answer> {
  const [method, path] = ROUTES[name].split(' ')
  const filled = path
    .replace(':id', appId)
    .replace(/:(\w+)/g, 'x')
    .replace('*', 'x')
  const op = OPERATIONS[name] as Operation
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (op.body) headers['content-type'] = 'application/json'
  const response = await t.app.handle(
    new Request(`${BASE}${filled}`, { method, headers, body: op.body ? '{}' : undefined }),
  )
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel()
    return { status: response.status, body: {} }
  }
  const text = await response.text()
  return {
    status: response.status,
    body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {},
  }
}

type Outcome = 'passed' | 'forbidden' | 'hidden'

const outcomeOf = (res: Answer): Outcome => {
  const error = res.body.error
  if (res.status === 404 && error?.message === 'App not found') return 'hidden'
  if (res.status === 403 && error?.type === 'forbidden' && error.details?.permission) return 'forbidden'
  return 'passed'
}

const rank = (role: Role) => ROLES.indexOf(role)

describe('every operation about an app × every role', () => {
  test.each(aboutApp)('%s', async (name, op) => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const { appId } = await makeEndpoint(t.ctx, owner.user.id, { name: 'Matrix', fields: [{ name: 'q' }] })
    const people: [Role | 'stranger', string][] = [['stranger', (await makeUser(t.ctx)).token]]
    for (const role of MEMBER_ROLES) {
      const member = await makeUser(t.ctx)
      await addMember(t.ctx, appId, member.user.id, role, owner.user.id)
      people.push([role, member.token])
    }
    people.push(['owner', owner.token])
    const needs = PERMISSIONS[op.permission!].role!
    const got: Record<string, Outcome> = {}
    const expected: Record<string, Outcome> = {}
    for (const [who, token] of people) {
      const res = await requestOf(t, name, appId, token)
      got[who] = outcomeOf(res)
      expected[who] = who === 'stranger' ? 'hidden' : rank(who) >= rank(needs) ? 'passed' : 'forbidden'
      if (got[who] === 'forbidden') expect(res.body.error!.details).toEqual({ permission: op.permission, role: needs })
    }
    expect(got).toEqual(expected)
  })
})

describe('every operation × the owner’s tokens with and without its scope', () => {
  test.each(operations)('%s', async (name, op) => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const { appId } = await makeEndpoint(t.ctx, owner.user.id, { name: 'Matrix', fields: [{ name: 'q' }] })
    const scope = PERMISSIONS[op.permission!].scope as Scope | null
    const tokenWith = async (scopes: Scope[]) =>
      (await createAccessToken(t.ctx, owner.user.id, 'matrix', { scopes })).token
    if (scope) {
      const without = await requestOf(t, name, appId, await tokenWith(SCOPES.filter((s) => s !== scope)))
      expect([outcomeOf(without), without.body.error?.details]).toEqual([
        'forbidden',
        { permission: op.permission, scope },
      ])
    }
    // The one scope it needs is enough (any one scope, when it needs none).
    const only = await requestOf(t, name, appId, await tokenWith([scope ?? 'records:read']))
    expect(outcomeOf(only)).toBe('passed')
  })
})

describe('docs/security.md', () => {
  test('its permission table is the one the policy decides with, naming the operations of each', () => {
    const doc = readFileSync(join(import.meta.dir, '..', '..', 'docs', 'security.md'), 'utf8')
    const table = doc.split('<!-- permissions:start -->')[1]?.split('<!-- permissions:end -->')[0] ?? ''
    const rows = (Object.entries(PERMISSIONS) as [Permission, (typeof PERMISSIONS)[Permission]][]).map(
      ([permission, rule]) => {
        const names = operations.filter(([, op]) => op.permission === permission).map(([name]) => `\`${name}\``)
        return `| \`${permission}\` | ${rule.role ?? '—'} | ${rule.scope ? `\`${rule.scope}\`` : 'any'} | ${rule.description} | ${names.join(', ')} |`
      },
    )
    expect(table.trim().split('\n').slice(2)).toEqual(rows)
    expect(accountWide.length + aboutApp.length).toBe(operations.length)
  })
})
