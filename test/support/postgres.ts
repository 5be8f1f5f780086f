/**
 * @module A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb into a
 * fresh temp folder, started with pg_ctl on a free port (fsync off: test data need not
 * survive a power cut), stopped and removed when the test process exits. Never a mock.
 *
 * Run as root (CI), the cluster belongs to the `postgres` user, since initdb refuses root.
 * `bun test/support/postgres.ts start` starts one for .ci/run and prints its URL and folder;
 * `bun test/support/postgres.ts stop <folder>` stops and removes it.
 */
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { freePort } from './ports.ts'

export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  dir: string
  stop(): void
}

/** The folder holding initdb and pg_ctl (Debian: /usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.SVC_PG_BIN
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions.length > 0) return join(debian, versions[0], 'bin')
  }
  const initdb = Bun.which('initdb')
  return initdb ? join(initdb, '..') : null
}

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  if (postgresBinDir()) return null
  return 'no PostgreSQL server binaries (apt-get install -y postgresql, or set SVC_PG_BIN)'
}

const isRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL tool, as the `postgres` user when we are root; throws with its output on failure. */
function run(bin: string, args: string[]): void {
  const command = isRoot() ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args]
  const result = Bun.spawnSync(command, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  if (result.exitCode !== 0)
    throw new Error(
      `${command.join(' ')} failed (${result.exitCode}):\n${result.stderr.toString()}${result.stdout.toString()}`,
    )
}

export interface ClusterOptions {
  /**
   * Sync to disk as a production server does (fsync, full page writes): for benchmarks.
   * Tests leave it off: their data need not survive a power cut.
   */
  durable?: boolean
}

/** Initialises and starts a cluster in a new temp folder; resolves once it accepts connections. */
export function startCluster(options: ClusterOptions = {}): Cluster {
  const binDir = postgresBinDir()
  if (!binDir) throw new Error(postgresMissing()!)
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'))
  if (isRoot()) {
    const { uid, gid } = postgresIds()
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  const data = join(dir, 'data')
  run(join(binDir, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ])
  const port = freePort()
  const durability = options.durable ? [] : ['-c fsync=off', '-c full_page_writes=off']
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c synchronous_commit=on',
    '-c max_connections=500',
    ...durability,
  ].join(' ')
  run(join(binDir, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop() {
      if (stopped) return
      stopped = true
      stopCluster(dir)
    },
  }
}

/** Stops the cluster in `dir` (immediately: its data is thrown away) and removes the folder. */
export function stopCluster(dir: string): void {
  const binDir = postgresBinDir()
  try {
    if (binDir && existsSync(join(dir, 'data', 'postmaster.pid')))
      run(join(binDir, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(Bun.spawnSync(['id', flag, 'postgres']).stdout.toString().trim())
  const uid = id('-u')
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error(`running as ${userInfo().username}: initdb needs the "postgres" user, which this machine lacks`)
  return { uid, gid: id('-g') }
}

if (import.meta.main) {
  const [verb, dir] = process.argv.slice(2)
  if (verb === 'start') {
    const cluster = startCluster()
    console.log(`${cluster.url} ${cluster.dir}`)
  } else if (verb === 'stop' && dir) {
    stopCluster(dir)
  } else {
    console.error('usage: bun test/support/postgres.ts start | stop <folder>')
    process.exit(2)
  }
}
