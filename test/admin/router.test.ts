import { describe, expect, test } from 'bun:test'
import { hrefOf, parseRoute, type Route } from '../../admin/router.ts'

describe('admin hash routes', () => {
  const cases: Array<[string, Route]> = [
    ['', { name: 'apps' }],
    ['#/', { name: 'apps' }],
    ['#/apps', { name: 'apps' }],
    ['#/apps/01a2', { name: 'app', appId: '01a2', tab: 'setup' }],
    ['#/apps/01a2/setup', { name: 'app', appId: '01a2', tab: 'setup' }],
    ['#/apps/01a2/data', { name: 'app', appId: '01a2', tab: 'data' }],
    ['#/apps/01a2/summary', { name: 'app', appId: '01a2', tab: 'summary' }],
    ['#/apps/a%2Fb/data', { name: 'app', appId: 'a/b', tab: 'data' }],
    ['#/account', { name: 'account' }],
    ['#/login', { name: 'login', next: null }],
    ['#/login?next=%23%2Fapps%2F01a2%2Fdata', { name: 'login', next: '#/apps/01a2/data' }],
    // `next` only ever names one of our own routes: no URLs, no loops back to login.
    ['#/login?next=https%3A%2F%2Fevil.example', { name: 'login', next: null }],
    ['#/login?next=javascript%3Aalert(1)', { name: 'login', next: null }],
    ['#/login?next=%23%2Flogin', { name: 'login', next: null }],
    ['#/apps/01a2/records', { name: 'not-found', hash: '#/apps/01a2/records' }],
    ['#/apps/01a2/data/extra', { name: 'not-found', hash: '#/apps/01a2/data/extra' }],
    ['#/nope', { name: 'not-found', hash: '#/nope' }],
    ['#/apps/%E0%A4%A', { name: 'app', appId: '%E0%A4%A', tab: 'setup' }],
  ]
  test.each(cases)('parseRoute(%p)', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route)
  })

  const links: Array<[Route, string]> = [
    [{ name: 'apps' }, '#/apps'],
    [{ name: 'account' }, '#/account'],
    [{ name: 'app', appId: '01a2', tab: 'setup' }, '#/apps/01a2'],
    [{ name: 'app', appId: '01a2', tab: 'data' }, '#/apps/01a2/data'],
    [{ name: 'app', appId: 'a/b', tab: 'summary' }, '#/apps/a%2Fb/summary'],
    [{ name: 'login', next: '#/apps/01a2/data' }, '#/login?next=%23%2Fapps%2F01a2%2Fdata'],
    [{ name: 'login', next: null }, '#/login'],
  ]
  test.each(links)('hrefOf(%p) is %p and parses back', (route, href) => {
    expect(hrefOf(route)).toBe(href)
    expect(parseRoute(href)).toEqual(route)
  })

  test('the editor and data URLs the server prints are deep links', () => {
    const base = 'http://localhost:8787/admin/'
    expect(parseRoute(new URL(`${base}#/apps/01a2`).hash)).toEqual({ name: 'app', appId: '01a2', tab: 'setup' })
    expect(parseRoute(new URL(`${base}#/apps/01a2/data`).hash)).toEqual({ name: 'app', appId: '01a2', tab: 'data' })
  })
})
