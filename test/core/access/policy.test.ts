/**
 * @module The authorisation rule decided from role and token limits alone: every permission
 * against every role and every single-scope token, compared with the table written out here
 * by hand (the one docs/security.md shows), not derived from the code's own table.
 */
import { describe, expect, test } from 'bun:test'
import {
  PERMISSIONS,
  type Permission,
  ROLES,
  type Role,
  SCOPES,
  type Scope,
} from '../../../server/contract/access/roles.ts'
import { decide, UNLIMITED } from '../../../server/core/access/policy.ts'

/** What each role may do in an app, written out. */
const ALLOWED: Record<Role, readonly Permission[]> = {
  // records:erase and records:find are about no one app: each app they reach is decided on its own.
  viewer: ['apps:list', 'apps:create', 'account', 'records:erase', 'records:find', 'apps:read', 'records:read'],
  editor: [
    'apps:list',
    'apps:create',
    'account',
    'records:erase',
    'records:find',
    'apps:read',
    'records:read',
    'records:write',
    'apps:write',
  ],
  admin: [
    'apps:list',
    'apps:create',
    'account',
    'records:erase',
    'records:find',
    'apps:read',
    'records:read',
    'records:write',
    'apps:write',
    'settings:read',
    'share:write',
    'records:delete',
    'members:write',
  ],
  owner: Object.keys(PERMISSIONS) as Permission[],
}

/** The scope a token needs for each permission; null: any token. */
const NEEDS: Record<Permission, Scope | null> = {
  'apps:list': null,
  'apps:create': 'apps:write',
  account: 'account',
  'apps:read': 'records:read',
  'records:read': 'records:read',
  'records:write': 'records:write',
  'apps:write': 'apps:write',
  'settings:read': 'records:read',
  'share:write': 'share:write',
  'records:delete': 'records:write',
  'records:erase': 'records:write',
  'records:find': 'records:read',
  'members:write': 'members:write',
  'share:open': 'share:write',
  'apps:own': 'apps:write',
}

const APP_PERMISSIONS = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => PERMISSIONS[p].role !== null)

describe('the policy: role × permission, for a session', () => {
  for (const role of ROLES) {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      const allowed = ALLOWED[role].includes(permission)
      test(`${role} ${allowed ? 'may' : 'may not'} ${permission}`, () => {
        const decision = decide(permission, role, UNLIMITED, 'app1')
        if (allowed) expect(decision).toEqual({ ok: true })
        else
          expect(decision).toEqual({
            ok: false,
            reason: 'role',
            needs: PERMISSIONS[permission].role as Role,
            has: role,
          })
      })
    }
  }
})

describe('the policy: scope × permission, for an owner token with one scope', () => {
  for (const scope of SCOPES) {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      const needs = NEEDS[permission]
      const allowed = needs === null || needs === scope
      test(`a ${scope} token ${allowed ? 'may' : 'may not'} ${permission}`, () => {
        const decision = decide(permission, 'owner', { scopes: [scope], apps: null }, 'app1')
        expect(decision).toEqual(allowed ? { ok: true } : { ok: false, reason: 'scope', needs: needs as Scope })
      })
    }
  }
})

describe('the policy: apps the caller may not know of', () => {
  test('no role in the app hides it, whatever the permission', () => {
    for (const permission of APP_PERMISSIONS) {
      expect(decide(permission, null, UNLIMITED, 'app1')).toEqual({ ok: false, reason: 'hidden' })
    }
  })
  test('a token limited to other apps hides this one, even from its owner', () => {
    const limits = { scopes: null, apps: ['app2'] }
    for (const permission of APP_PERMISSIONS) {
      expect(decide(permission, 'owner', limits, 'app1')).toEqual({ ok: false, reason: 'hidden' })
      expect(decide(permission, 'owner', limits, 'app2')).toEqual({ ok: true })
    }
  })
  test('a hidden app is decided before a missing scope or role, so nothing about it is confirmed', () => {
    expect(decide('apps:own', 'viewer', { scopes: ['records:read'], apps: ['app2'] }, 'app1')).toEqual({
      ok: false,
      reason: 'hidden',
    })
  })
  test('a token never grants more than its owner’s role: a viewer’s apps:write token still cannot change fields', () => {
    expect(decide('apps:write', 'viewer', { scopes: ['apps:write'], apps: null }, 'app1')).toEqual({
      ok: false,
      reason: 'role',
      needs: 'editor',
      has: 'viewer',
    })
  })
  test('account permissions are not about an app: no role needed', () => {
    expect(decide('account', null, UNLIMITED)).toEqual({ ok: true })
    expect(decide('apps:create', null, { scopes: ['records:read'], apps: null })).toEqual({
      ok: false,
      reason: 'scope',
      needs: 'apps:write',
    })
  })
})
