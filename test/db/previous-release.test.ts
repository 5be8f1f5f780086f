/**
 * Upgrades keep every record: each release's data in test/fixtures/releases/<version>/ (made
 * by scripts/release-fixture.ts when that release was cut) is opened by this code, which
 * migrates it, and everything the release stored still works: the password logs in, the
 * access token and the endpoint token are accepted, every record (spam, an edit, a file)
 * reads back as it was, the fields and the scale are there, and a new record is taken. The
 * SQLite data folder and the PostgreSQL dump are copied first; the checkout is never written.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startServer } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/core/logger.ts'
import { callServer, target } from '../support/call.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import type { ReleaseManifest } from '../support/release-data.ts'
import { tempDir } from '../support/tmp.ts'

const RELEASES = join(import.meta.dir, '..', 'fixtures', 'releases')
const versions = readdirSync(RELEASES).sort()
const manifestOf = (version: string) =>
  JSON.parse(readFileSync(join(RELEASES, version, 'manifest.json'), 'utf8')) as {
    sqlite: ReleaseManifest
    postgres: ReleaseManifest
  }

/** Starts this code on `env`, checks the release's data through the API, stops. */
async function opensRelease(env: Record<string, string>, release: ReleaseManifest): Promise<void> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SVC_LOG: 'silent', SVC_RATE_LIMIT: 'off', ...env })
  const server = await startServer(config, { log: createLogger('silent') })
  try {
    const { url } = server
    const as = { token: release.token }
    const login = await callServer(url, 'auth.login', { body: { email: release.email, password: release.password } })
    expect(login.status).toBe(200)
    const records = await callServer(
      url,
      'records.list',
      { params: { id: release.appId }, query: { spam: 'include', order: 'asc' } },
      as,
    )
    expect(records.status).toBe(200)
    const read = (records.body as { records: Array<{ id: string; data: unknown; spam?: boolean }> }).records
    expect(read.map((record) => ({ id: record.id, data: record.data, spam: record.spam === true }))).toEqual(
      release.records,
    )
    const fields = await callServer(url, 'fields.list', { params: { id: release.appId } }, as)
    expect(fields.body.data.fields.map(({ name, type }) => ({ name, type: type as string }))).toEqual(release.fields)
    const scales = await callServer(url, 'scales.list', { params: { id: release.appId } }, as)
    expect(scales.body.data.scales.map((scale) => scale.key)).toEqual(release.scales)
    const file = await fetch(
      `${url}${target('files.download', { params: { id: release.appId, file: release.file.id } }).path}`,
      {
        headers: { authorization: `Bearer ${release.token}` },
        signal: AbortSignal.timeout(10_000),
      },
    )
    expect(file.status).toBe(200)
    const bytes = new Uint8Array(await file.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(release.file.sha256)
    const posted = await callServer(url, 'ingest.post', {
      params: { token: release.endpointToken },
      body: { email: 'dan@example.com', q1: 3 } as never,
    })
    expect(posted.status).toBe(200)
    const summary = await callServer(url, 'records.summary', { params: { id: release.appId } }, as)
    expect((summary.body as { total: number }).total).toBe(release.records.filter((r) => !r.spam).length + 1)
  } finally {
    await server.stop()
  }
}

describe.each(versions)('the data of release %s', (version) => {
  const { sqlite, postgres } = manifestOf(version)

  test('on SQLite: the data folder opens, migrated, with everything in it', async () => {
    const dataDir = tempDir('svc-release-sqlite-')
    cpSync(join(RELEASES, version, 'sqlite'), dataDir, { recursive: true })
    await opensRelease({ SVC_DATA_DIR: dataDir }, sqlite)
  })

  if (postgresUnavailable) console.warn(`skipping release ${version} on PostgreSQL: ${postgresUnavailable}`)
  describe.skipIf(postgresUnavailable !== null)('on PostgreSQL', () => {
    const databases = postgresDatabases()
    afterAll(() => databases.stop())

    test('the dump loads, migrates and holds everything', async () => {
      const url = await databases.create({ migrated: false })
      // pg_dump's psql commands (\restrict) are not SQL; its SET search_path ends with the loading connection.
      const dump = readFileSync(join(RELEASES, version, 'postgres.sql'), 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n')
      const loader = new SQL({ url, max: 1 })
      try {
        await loader.unsafe(dump)
      } finally {
        await loader.close()
      }
      const dataDir = tempDir('svc-release-pg-')
      cpSync(join(RELEASES, version, 'postgres-files'), join(dataDir, 'files'), { recursive: true })
      await opensRelease({ DATABASE_URL: url, SVC_SECRET: postgres.secret!, SVC_DATA_DIR: dataDir }, postgres)
    }, 60_000)
  })
})
