/**
 * @module `bun scripts/release-fixture.ts`, run once per release: the data this release
 * leaves, kept for the next ones to open (test/db/previous-release.test.ts). Starts this
 * checkout's svc on a fresh SQLite data folder and on a fresh PostgreSQL database, fills each
 * through the HTTP API (test/support/release-data.ts), stops it cleanly, and writes to
 * test/fixtures/releases/<version>/: `sqlite/` (the data folder as svc left it: svc.db,
 * secret.key, files/), `postgres.sql` (pg_dump --inserts) with `postgres-files/` (that run's
 * files folder) and `manifest.json` (what both hold).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startServer } from '../server/boot.ts'
import { loadConfig } from '../server/config.ts'
import { VERSION } from '../server/contract/version.ts'
import { createLogger } from '../server/core/logger.ts'
import { databaseUrl } from '../test/support/backend.ts'
import { startCluster } from '../test/support/postgres.ts'
import { fillRelease, type ReleaseManifest } from '../test/support/release-data.ts'
import { tempDir } from '../test/support/tmp.ts'

/** PostgreSQL needs SVC_SECRET (32 bytes, base64); SQLite makes its own secret.key in the data folder. */
const SECRET = Buffer.from('the release fixture secret, 32 B').toString('base64')
const out = join(import.meta.dir, '..', 'test', 'fixtures', 'releases', VERSION)

/** Runs svc with `env` until the release's data is in; returns its manifest. */
async function filled(env: Record<string, string>): Promise<ReleaseManifest> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SVC_LOG: 'warn', ...env })
  const server = await startServer(config, { log: createLogger('warn') })
  try {
    return await fillRelease(server.url, VERSION, env.SVC_SECRET ?? null)
  } finally {
    await server.stop()
  }
}

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

const dataDir = tempDir('svc-release-')
const manifest = await filled({ SVC_DATA_DIR: dataDir })
cpSync(dataDir, join(out, 'sqlite'), { recursive: true })

const cluster = startCluster()
try {
  const admin = new SQL({ url: cluster.url, max: 1 })
  await admin.unsafe('CREATE DATABASE svc_release')
  await admin.close()
  const url = databaseUrl(cluster.url, 'svc_release')
  const pgData = tempDir('svc-release-pg-')
  const pgManifest = await filled({ DATABASE_URL: url, SVC_SECRET: SECRET, SVC_DATA_DIR: pgData })
  cpSync(join(pgData, 'files'), join(out, 'postgres-files'), { recursive: true })
  const dump = Bun.spawnSync(['pg_dump', '--inserts', '--no-owner', '--no-privileges', '--dbname', url], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  if (dump.exitCode !== 0) throw new Error(`pg_dump: ${dump.stderr.toString()}`)
  writeFileSync(join(out, 'postgres.sql'), dump.stdout)
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ sqlite: manifest, postgres: pgManifest }, null, 2)}\n`)
} finally {
  cluster.stop()
}
console.log(`wrote ${out}`)
