/**
 * @module Which database the suite runs on, and a fresh one per test context. `npm test`
 * runs on SQLite (a new in-memory database per context). With DATABASE_URL set to a
 * postgres:// URL (as .ci/run does for its second run) every context gets a new database
 * on that server, copied from a template migrated once per test process, and every
 * database made is dropped when the run ends. Point DATABASE_URL only at a throwaway server.
 */
import { auditUnits } from '../../server/db/storage/audit-unit.ts'
import { SQL } from 'bun'
import type { Storage, StorageKind, Stores } from '../../server/db/storage.ts'
import type { ChangeListener } from '../../server/db/storage/changes.ts'
import type { AppendListener } from '../../server/db/storage/appends.ts'
import { openPostgresStorage } from '../../server/db/postgres/index.ts'

/** The backend of this run: postgres when DATABASE_URL names a PostgreSQL server. */
export const TEST_BACKEND: StorageKind = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? 'postgres'
  : 'sqlite'

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

const made: string[] = []
let admin: SQL | null = null
let template: Promise<string> | null = null

const adminClient = () => (admin ??= new SQL({ url: process.env.DATABASE_URL!, max: 4, idleTimeout: 5 }))

/** The migrated template of this process, made on first use. */
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    const name = `svc_template_${process.pid}`
    await adminClient().unsafe(`DROP DATABASE IF EXISTS ${name}`)
    await adminClient().unsafe(`CREATE DATABASE ${name}`)
    made.push(name)
    // Migrate, then close every connection: a template must have none when it is copied.
    const storage = await openPostgresStorage(databaseUrl(process.env.DATABASE_URL!, name), { max: 1, listen: false })
    await storage.close()
    return name
  })()
  return template
}

let counter = 0

/** A copy of `from` made now, its name. */
async function copyDatabase(from: string): Promise<string> {
  const name = `svc_test_${process.pid}_${++counter}`
  made.push(name)
  await adminClient().unsafe(`CREATE DATABASE ${name} TEMPLATE ${from}`)
  return name
}

/**
 * The next migrated copy, made while the test before runs: a CREATE DATABASE takes
 * 150-800 ms on a busy machine, and a file of many contexts waited for each in turn.
 */
let spare: Promise<string> | null = null

/** A new empty database on the DATABASE_URL server (migrated unless told not), its URL. */
export async function newPostgresDatabase({ migrated = true } = {}): Promise<string> {
  if (!migrated) return databaseUrl(process.env.DATABASE_URL!, await copyDatabase('template0'))
  const taken = spare ?? templateDatabase().then(copyDatabase)
  const next = taken.then(() => templateDatabase().then(copyDatabase))
  spare = next
  // A failed spare is made again by the next caller, which then waits for its own.
  void next.catch(() => {
    if (spare === next) spare = null
  })
  return databaseUrl(process.env.DATABASE_URL!, await taken)
}

/**
 * What a server started by a test needs in its environment to run on this run's backend:
 * nothing on SQLite (its data dir holds the database); on PostgreSQL a new database and the
 * shared key every process of one database must have.
 */
export async function testDatabaseEnv(): Promise<Record<string, string>> {
  if (TEST_BACKEND !== 'postgres') return {}
  return { DATABASE_URL: await newPostgresDatabase(), SVC_SECRET: TEST_SECRET }
}

/** SVC_SECRET of the servers tests start on PostgreSQL (any 32 bytes will do). */
export const TEST_SECRET = Buffer.alloc(32, 1).toString('base64')

/** How long one round of drops may take before the rest are left to the throwaway server. */
const DROP_ROUND_MS = 60_000

/**
 * Drops every database this process made (test/support/setup.ts calls it after the run),
 * eight at a time. A round that does not finish within DROP_ROUND_MS (a server stalled under
 * load) is not waited for: the databases left are named on stderr, and the run goes on.
 */
export async function dropTestDatabases(): Promise<void> {
  if (!admin) return
  // The spare being made is among the databases to drop: wait until it exists.
  await spare?.catch(() => {})
  spare = null
  const client = admin
  admin = null
  const names = made.splice(0).reverse()
  for (let i = 0; i < names.length; i += 8) {
    const round = Promise.all(
      names.slice(i, i + 8).map((name) => client.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), DROP_ROUND_MS)))
    const outcome = await Promise.race([round.then(() => 'done' as const), late])
    clearTimeout(timer)
    if (outcome === 'late') {
      void round.catch(() => {})
      console.warn(
        `test databases not dropped within ${DROP_ROUND_MS / 1000} s, left on the server: ${names.slice(i).join(', ')}`,
      )
      return
    }
  }
  await client.close()
}

/**
 * A Storage whose database is opened on first use, so test contexts can stay synchronous
 * to make (`const t = testApp()` in a describe body) while PostgreSQL needs a round trip.
 */
export function lazyStorage(kind: StorageKind, open: () => Promise<Storage>): Storage {
  let opened: Promise<Storage> | null = null
  let openedStorage: Storage | null = null
  const ready = () => (opened ??= open().then((storage) => (openedStorage = storage)))
  const store = <K extends keyof Stores>(name: K): Stores[K] =>
    new Proxy({} as Stores[K], {
      get:
        (_target, method) =>
        async (...args: unknown[]) => {
          const storage = await ready()
          const target = storage[name] as unknown as Record<string | symbol, (...a: unknown[]) => unknown>
          return target[method](...args)
        },
    })
  /** Subscribes (`subscribe` on the opened storage) once it is open; the returned unsubscribe works before that too. */
  const subscribeOnceOpen = (subscribe: (storage: Storage) => () => void): (() => void) => {
    let unsubscribe: (() => void) | null = null
    let cancelled = false
    void ready().then((storage) => {
      if (!cancelled) unsubscribe = subscribe(storage)
    })
    return () => {
      cancelled = true
      unsubscribe?.()
    }
  }
  // Every store, so a new one cannot be forgotten here: the type lists them all.
  const every: Record<keyof Stores, true> = {
    users: true,
    auth: true,
    alerts: true,
    apps: true,
    fields: true,
    files: true,
    share: true,
    records: true,
    stats: true,
    scales: true,
    reports: true,
    experts: true,
    themes: true,
    smart: true,
    webhooks: true,
    senders: true,
    members: true,
    audit: true,
    retention: true,
    unlisted: true,
    gauges: true,
    challenges: true,
  }
  const names = Object.keys(every) as Array<keyof Stores>
  const stores = Object.fromEntries(names.map((name) => [name, store(name)])) as unknown as Stores
  return {
    kind,
    ...stores,
    changes: {
      subscribe: (listener: ChangeListener) => subscribeOnceOpen((storage) => storage.changes.subscribe(listener)),
    },
    appends: {
      subscribe: (listener: AppendListener) => subscribeOnceOpen((storage) => storage.appends.subscribe(listener)),
    },
    // The same on every backend: the unit travels with the request, not with a connection.
    units: auditUnits,
    availability: {
      get problem() {
        return openedStorage?.availability.problem ?? null
      },
      get since() {
        return openedStorage?.availability.since ?? null
      },
      get failures() {
        return openedStorage?.availability.failures ?? 0
      },
      subscribe: (listener: (problem: string | null) => void) =>
        subscribeOnceOpen((storage) => storage.availability.subscribe(listener)),
    },
    ping: async () => (await ready()).ping(),
    close: async () => {
      if (opened) await (await opened).close()
    },
  }
}
