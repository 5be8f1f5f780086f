/**
 * @module A PostgreSQL database for the tests that need one on every run (several svc
 * processes sharing one database): on a DATABASE_URL run a new database on that server;
 * otherwise a throwaway cluster from Debian's postgresql package, started by the test file
 * (`ownCluster`) and stopped by it. Without PostgreSQL on the machine those tests skip,
 * saying why (`postgresUnavailable`).
 */
import { SQL } from 'bun'
import { openPostgresStorage } from '../../server/db/postgres/index.ts'
import { databaseUrl, newPostgresDatabase, TEST_BACKEND } from './backend.ts'
import { postgresMissing, startCluster, type Cluster } from './postgres.ts'

/** Why this machine cannot give these tests a PostgreSQL database, or null when it can. */
export const postgresUnavailable: string | null = TEST_BACKEND === 'postgres' ? null : postgresMissing()

export interface PostgresDatabases {
  /** A new database, migrated or not. */
  create(options?: { migrated?: boolean }): Promise<string>
  /** Stops the cluster this file started (nothing on a DATABASE_URL run: the run drops its databases). */
  stop(): void
}

/** Databases on the run's PostgreSQL server, or on a cluster started now for this file. */
export function postgresDatabases(): PostgresDatabases {
  if (TEST_BACKEND === 'postgres') return { create: (options) => newPostgresDatabase(options), stop: () => {} }
  let cluster: Cluster | null = null
  let count = 0
  return {
    async create({ migrated = true } = {}) {
      cluster ??= startCluster()
      const name = `svc_own_${++count}`
      const admin = new SQL({ url: cluster.url, max: 1 })
      try {
        await admin.unsafe(`CREATE DATABASE ${name}`)
      } finally {
        await admin.close()
      }
      const url = databaseUrl(cluster.url, name)
      if (migrated) await (await openPostgresStorage(url, { max: 1, listen: false })).close()
      return url
    },
    stop: () => cluster?.stop(),
  }
}
