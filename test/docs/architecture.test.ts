/**
 * docs/architecture.md's map of the rooms matches the tree (every room of the tree is on the
 * map, every room on the map exists), and its "Adding an operation" walk-through names files,
 * functions and a route that exist as it says.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ROUTES } from '../../server/contract/api/routes.ts'
import { REPO } from '../support/imports.ts'

const DOC = readFileSync(join(REPO, 'docs', 'architecture.md'), 'utf8')

/** The text of section `## title` (up to the next `## `). */
function section(title: string): string {
  const part = DOC.split(/^## /m).find((chunk) => chunk.startsWith(`${title}\n`))
  if (!part) throw new Error(`docs/architecture.md has no section "## ${title}"`)
  return part
}

/** The rooms the map's first column names: `server/main.ts`, `boot.ts` → server/main.ts, server/boot.ts. */
function mappedRooms(): string[] {
  const rooms: string[] = []
  for (const row of section('The rooms').matchAll(/^\| (`[^|]+`) \|/gm)) {
    const names = [...row[1].matchAll(/`([^`]+)`/g)].map((match) => match[1])
    const base = names[0].includes('/') && !names[0].endsWith('/') ? dirname(names[0]) : ''
    rooms.push(...names.map((name, i) => (i === 0 || name.includes('/') ? name : join(base, name))))
  }
  return rooms.map((room) => room.replace(/\/$/, ''))
}

/** The tree's rooms: top-level folders, the folders and files directly under server/. */
function treeRooms(): string[] {
  const files = Bun.spawnSync(['git', 'ls-files'], { cwd: REPO }).stdout.toString().split('\n').filter(Boolean)
  const top = new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]))
  const server = new Set(
    files.filter((file) => file.startsWith('server/')).map((file) => file.split('/').slice(0, 2).join('/')),
  )
  top.delete('server')
  return [...top, ...server].filter((room) => existsSync(join(REPO, room))).sort()
}

describe('docs/architecture.md', () => {
  test('the map of the rooms names every room of the tree, and only rooms that exist', () => {
    const mapped = mappedRooms()
    expect(mapped.filter((room) => !existsSync(join(REPO, room)))).toEqual([])
    expect(treeRooms().filter((room) => !mapped.includes(room))).toEqual([])
  })

  test('"Adding an operation" walks through files and names that exist as it says', () => {
    const walk = section('Adding an operation')
    const paths = [...walk.matchAll(/`((?:server|test|cli|admin)\/[^`\s]+\.ts)`/g)].map((match) => match[1])
    expect(paths.length).toBeGreaterThanOrEqual(8)
    expect(paths.filter((path) => !existsSync(join(REPO, path)))).toEqual([])
    const route = walk.match(/`'([a-z]+\.[a-zA-Z]+)': '([A-Z]+ [^']+)'`/)
    expect(route).not.toBeNull()
    expect<string>(ROUTES[route![1] as keyof typeof ROUTES]).toBe(route![2])
    // Each name said to live in a file is defined (or, for the route's name, used) there.
    const claims: Array<[string, string]> = [
      ['reorderFieldsSchema', 'server/contract/fields/schemas.ts'],
      ['reorderFields', 'server/core/fields/order.ts'],
      [`'${route![1]}'`, 'server/contract/api/fields.ts'],
      [`pathOf('${route![1]}')`, 'server/http/fields.ts'],
      [`call('${route![1]}'`, 'admin/api.ts'],
    ]
    expect(walk).toContain('t.call(')
    for (const [name, file] of claims) {
      expect(walk).toContain(name.replace(/^'|'$/g, ''))
      expect({ file, has: readFileSync(join(REPO, file), 'utf8').includes(name) }).toEqual({ file, has: true })
    }
  })
})
