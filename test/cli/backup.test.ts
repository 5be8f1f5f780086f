/**
 * `svc-cli backup` and `restore` on the server's SQLite database (SQLite on every run, also
 * when the suite runs on PostgreSQL: these commands are about the SQLite file). The backup
 * runs as its own process while the server keeps taking records, and kills nothing.
 */
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_SECRET } from '../support/backend.ts'
import { makeEndpoint, storedRows } from '../support/records.ts'
import { cliInProcess, cliProcess, startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

/** SQLite whatever the run's backend. */
const SQLITE = { DATABASE_URL: '' }
const servers: TestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

async function sqliteServer(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ ...SQLITE, ...env })
  servers.push(server)
  return server
}

/** The ids in the records table of the database file at `path`, and its integrity check. */
function readCopy(path: string): { ids: string[]; integrity: string[]; journal: string } {
  const db = new Database(path, { readonly: true })
  try {
    return {
      ids: db
        .query<{ id: string }, []>('SELECT id FROM records')
        .all()
        .map((row) => row.id),
      integrity: db
        .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
        .all()
        .map((row) => row.integrity_check),
      journal: (db.query('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
    }
  } finally {
    db.close()
  }
}

describe('svc-cli backup', () => {
  test('copies a running server online: the copy opens, is sound and holds every record acknowledged before it started', async () => {
    const server = await sqliteServer()
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id)
    const acknowledged: string[] = []
    let stop = false
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${server.url}${endpoint.path()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client: n, i }),
        })
        expect(res.status).toBe(200)
        acknowledged.push(((await res.json()) as { data: { id: string } }).data.id)
      }
    }
    const clients = Array.from({ length: 8 }, (_, n) => client(n))
    while (acknowledged.length < 300) await Bun.sleep(5)

    const file = join(tempDir('svc-backup-'), 'svc-backup.db')
    const before = [...acknowledged]
    // Its own process, as an operator would run it, while the clients keep posting.
    const run = await cliProcess(['backup', file, '--json'], {
      env: { SVC_DATA_DIR: server.ctx.config.dataDir, ...SQLITE },
    })
    stop = true
    await Promise.all(clients)

    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
    expect(run.json()).toEqual({
      file,
      bytes: expect.any(Number),
      database: join(server.ctx.config.dataDir, 'svc.db'),
      integrity: 'ok',
      secretKey: join(server.ctx.config.dataDir, 'secret.key'),
      files: { kind: 'disk', folder: `${file}.files`, files: 0, bytes: 0 },
    })
    const copy = readCopy(file)
    expect(copy.integrity).toEqual(['ok'])
    // One self-contained file: no write-ahead log to carry along.
    expect([copy.journal, existsSync(`${file}-wal`)]).toEqual(['delete', false])
    const inCopy = new Set(copy.ids)
    expect(before.filter((id) => !inCopy.has(id))).toEqual([])
    // And nothing that was never acknowledged.
    const all = new Set(acknowledged)
    expect(copy.ids.filter((id) => !all.has(id))).toEqual([])
    expect((await storedRows(server.ctx, endpoint.appId)).length).toBe(acknowledged.length)
  })

  test("the copy is the owner's alone: created 0600 even under umask 000, with nothing left beside it", async () => {
    const server = await sqliteServer()
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id)
    expect(
      (
        await fetch(`${server.url}${endpoint.path()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"secret":"s3"}',
        })
      ).status,
    ).toBe(200)
    const dir = tempDir('svc-backup-mode-')
    const file = join(dir, 'copy.db')
    // The child inherits the umask: with 000, only the mode the code asks for protects the copy.
    const umask = process.umask(0o000)
    let run: Awaited<ReturnType<typeof cliProcess>>
    try {
      run = await cliProcess(['backup', file, '--json'], {
        env: { SVC_DATA_DIR: server.ctx.config.dataDir, ...SQLITE },
      })
    } finally {
      process.umask(umask)
    }
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600')
    expect(readdirSync(dir).sort()).toEqual(['copy.db', 'copy.db.files'])
    expect((statSync(`${file}.files`).mode & 0o777).toString(8)).toBe('700')
    expect(readCopy(file).ids.length).toBe(1)
  })

  test('never overwrites a file, and says what to do without a database or on PostgreSQL', async () => {
    const server = await sqliteServer()
    const dir = tempDir('svc-backup-refused-')
    const existing = join(dir, 'there.db')
    writeFileSync(existing, 'keep me')
    const env = { SVC_DATA_DIR: server.ctx.config.dataDir, ...SQLITE }
    const refusals = [
      [['backup', existing], env],
      [['backup', join(dir, 'new.db'), '--data-dir', join(dir, 'nothing-here')], SQLITE],
      [
        ['backup', join(dir, 'new.db')],
        { DATABASE_URL: 'postgres://svc@db.internal:5432/svc', SVC_SECRET: TEST_SECRET },
      ],
    ] as const
    const errors = []
    for (const [argv, runEnv] of refusals) {
      const run = await cliInProcess([...argv, '--json'], { env: runEnv })
      errors.push([run.code, JSON.parse(run.stderr).error.type, run.stdout])
    }
    expect(errors).toEqual([
      [1, 'exists', ''],
      [1, 'not_found', ''],
      [1, 'unsupported', ''],
    ])
    const pg = await cliInProcess(['backup', join(dir, 'new.db')], { env: refusals[2][1] })
    expect(pg.stderr).toContain('pg_dump -Fc')
    expect(await Bun.file(existing).text()).toBe('keep me')
    expect(existsSync(join(dir, 'new.db'))).toBe(false)
  })
})

describe('svc-cli restore', () => {
  test('refuses while svc has the database open, then puts the copy in place and keeps the old database', async () => {
    const server = await sqliteServer()
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id)
    const first = await fetch(`${server.url}${endpoint.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    })
    const kept = ((await first.json()) as { data: { id: string } }).data.id
    const dataDir = server.ctx.config.dataDir
    const file = join(tempDir('svc-restore-'), 'copy.db')
    expect((await cliInProcess(['backup', file], { env: { SVC_DATA_DIR: dataDir, ...SQLITE } })).code).toBe(0)
    // Written after the backup: gone once the backup is restored.
    await fetch(`${server.url}${endpoint.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":2}',
    })

    const env = { SVC_DATA_DIR: dataDir, ...SQLITE }
    const running = await cliInProcess(['restore', file, '--yes', '--json'], { env })
    expect([running.code, JSON.parse(running.stderr).error.type]).toEqual([1, 'in_use'])
    const unconfirmed = await cliInProcess(['restore', file], { env })
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, expect.stringContaining('pass --yes')])

    await server.stop()
    const restored = await cliInProcess(['restore', file, '--yes', '--json'], { env })
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' })
    const data = restored.json() as { database: string; from: string; previous: string; files: unknown }
    expect(data).toEqual({
      database: join(dataDir, 'svc.db'),
      from: file,
      previous: expect.stringMatching(/svc\.db\.before-restore-\d{4}-/),
      files: { kind: 'disk', folder: join(dataDir, 'files'), files: 0, bytes: 0, previous: null },
    })
    expect(readCopy(data.previous).ids.length).toBe(2)

    const again = await sqliteServer({ SVC_DATA_DIR: dataDir })
    expect((await storedRows(again.ctx, endpoint.appId)).map((row) => row.id)).toEqual([kept])
  })

  test('checks the file first: not SQLite, or not an svc database, is refused and nothing changes', async () => {
    const dir = tempDir('svc-restore-bad-')
    const notSqlite = join(dir, 'notes.txt')
    writeFileSync(notSqlite, 'just text, long enough to not be mistaken for an empty database file'.repeat(10))
    const otherDb = join(dir, 'other.db')
    const db = new Database(otherDb, { create: true })
    db.run('CREATE TABLE t (x)')
    db.close()
    const dataDir = tempDir('svc-restore-target-')
    for (const file of [notSqlite, otherDb, join(dir, 'missing.db')]) {
      const run = await cliInProcess(['restore', file, '--yes', '--json'], {
        env: { SVC_DATA_DIR: dataDir, ...SQLITE },
      })
      expect([run.code, JSON.parse(run.stderr).error.type]).toEqual([
        1,
        file.endsWith('missing.db') ? 'not_found' : 'invalid_backup',
      ])
    }
    expect(existsSync(join(dataDir, 'svc.db'))).toBe(false)
  })
})
