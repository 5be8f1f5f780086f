/**
 * The data dir and the SQLite files are private to the svc user (issue 17, row 6): made
 * 0700/0600 on a fresh start, and narrowed at start when an earlier version or a copy left
 * them readable by others. SQLite-only: with PostgreSQL svc keeps no files.
 */
import { describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServerContext } from '../../../server/boot.ts'
import { loadConfig } from '../../../server/config.ts'
import { ManualClock } from '../../../server/core/clock.ts'
import { createLogger } from '../../../server/core/logger.ts'
import { newSecretKey } from '../../../server/core/sealer.ts'
import { createPrivateFile } from '../../../server/db/private-files.ts'
import { copyDatabase, integrityProblems } from '../../../server/db/sqlite/backup.ts'
import { tempDir } from '../../support/tmp.ts'

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

/** Starts the server's context (storage, migrations, key) over `dataDir`, writes once, and closes; the log lines. */
async function startOnce(dataDir: string): Promise<string[]> {
  const logs: string[] = []
  // SQLite even when this run's DATABASE_URL names PostgreSQL: these are SQLite's files.
  const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LOG: 'warn' })
  const ctx = await createServerContext(config, {
    clock: new ManualClock(),
    log: createLogger('warn', (_level, line) => logs.push(line)),
  })
  await ctx.storage.users.insert({
    id: 'u1',
    email: 'a@example.com',
    name: '',
    passwordHash: null,
    createdAt: 0,
    updatedAt: 0,
  })
  await ctx.shutdown()
  await ctx.storage.close()
  return logs
}

describe('data dir 0700, database files and key 0600', () => {
  test('a fresh start makes them private', async () => {
    const dataDir = join(tempDir('private-'), 'data')
    expect(await startOnce(dataDir)).toEqual([])
    expect({ dir: mode(dataDir), db: mode(join(dataDir, 'svc.db')), key: mode(join(dataDir, 'secret.key')) }).toEqual({
      dir: '700',
      db: '600',
      key: '600',
    })
  })

  test('the -wal and -shm files SQLite makes while running are 0600 too', async () => {
    const dataDir = join(tempDir('private-'), 'data')
    const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LOG: 'silent' })
    const ctx = await createServerContext(config, { clock: new ManualClock() })
    await ctx.storage.users.insert({
      id: 'u1',
      email: 'a@example.com',
      name: '',
      passwordHash: null,
      createdAt: 0,
      updatedAt: 0,
    })
    expect([mode(join(dataDir, 'svc.db-wal')), mode(join(dataDir, 'svc.db-shm'))]).toEqual(['600', '600'])
    await ctx.shutdown()
    await ctx.storage.close()
  })

  test('wider ones left by an earlier version are narrowed at start, with one warning naming them', async () => {
    const dataDir = join(tempDir('private-'), 'data')
    await startOnce(dataDir)
    const files = ['svc.db', 'secret.key'].map((name) => join(dataDir, name))
    chmodSync(dataDir, 0o755)
    for (const file of files) chmodSync(file, 0o644)
    const logs = await startOnce(dataDir)
    expect({ dir: mode(dataDir), db: mode(files[0]), key: mode(files[1]) }).toEqual({
      dir: '700',
      db: '600',
      key: '600',
    })
    expect(logs).toEqual([
      expect.stringContaining(
        `WARN  made the data private to the svc user (0700 folder, 0600 files); other users of this machine could read them before {"paths":${JSON.stringify([dataDir, files[0]])}}`,
      ),
    ])
  })

  test('an existing data dir holding only a key is narrowed too', async () => {
    const dataDir = join(tempDir('private-'), 'data')
    mkdirSync(dataDir, { mode: 0o777 })
    chmodSync(dataDir, 0o777)
    writeFileSync(join(dataDir, 'secret.key'), `${newSecretKey()}\n`, { mode: 0o666 })
    chmodSync(join(dataDir, 'secret.key'), 0o666)
    await startOnce(dataDir)
    expect([mode(dataDir), mode(join(dataDir, 'secret.key'))]).toEqual(['700', '600'])
  })
})

describe('a backup copy is created private', () => {
  test('copyDatabase creates its target 0600 before writing (umask 000), and never into an existing file', async () => {
    const dataDir = join(tempDir('private-'), 'data')
    await startOnce(dataDir)
    const target = join(tempDir('private-copy-'), 'copy.db')
    const umask = process.umask(0o000)
    try {
      createPrivateFile(`${target}.empty`)
      expect(mode(`${target}.empty`)).toBe('600')
      expect(() => createPrivateFile(`${target}.empty`)).toThrow('EEXIST')
      copyDatabase(join(dataDir, 'svc.db'), target)
    } finally {
      process.umask(umask)
    }
    expect(mode(target)).toBe('600')
    expect(integrityProblems(target)).toEqual([])
  })
})
