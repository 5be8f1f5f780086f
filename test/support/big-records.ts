/**
 * @module A real server process holding 200 records of ≈ 1 MB, seeded straight into its
 * database, and its memory as the kernel counts it: for the tests that hold reads and the
 * owner's changes to a bound in bytes (peak RSS within the server's RSS before them + 256 MB).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createServerContext } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import type { AppContext } from '../../server/core/context.ts'
import { testDatabaseEnv } from './backend.ts'
import { spawnServer, type ServerProcess } from './process.ts'
import { insertRecords, makeEndpoint, type TestEndpoint } from './records.ts'
import { tempDir } from './tmp.ts'
import { makeUser } from './users.ts'

export const BIG_RECORDS = 200
const BLOB_CHARS = 1_000_000
/** How far above its RSS before the work the server's peak may go, in MB. */
export const ALLOWANCE_MB = 256

/** The fields of `bigDataOf`'s keys. */
const BIG_FIELDS = [{ name: 'n', type: 'number' as const }, { name: 'blob' }]

/** Record n's data: a string of ≈ 1 MB that differs from record to record. */
export const bigDataOf = (n: number) => ({ n, blob: `${n}:${String.fromCharCode(97 + (n % 26)).repeat(BLOB_CHARS)}` })

export interface BigRecordsServer {
  server: ServerProcess
  endpoint: TestEndpoint
  ownerToken: string
  /** The records' ids, oldest first. */
  ids: string[]
}

/**
 * Seeds an app of a new owner with the big records (ten at a time, so the test never holds
 * the 200 MB itself), then starts a server process on that database, with `serverEnv` in
 * its environment besides. `before` runs on the app first, before any record is stored.
 */
export async function startWithBigRecords(
  name: string,
  settings: Parameters<typeof makeEndpoint>[2] = {},
  before: (ctx: AppContext, appId: string) => Promise<unknown> = async () => {},
  serverEnv: Record<string, string> = {},
): Promise<BigRecordsServer> {
  const env = { SVC_DATA_DIR: tempDir(`svc-${name}-`), SVC_RATE_LIMIT: 'off', ...(await testDatabaseEnv()) }
  const ctx = await createServerContext(loadConfig({ PORT: '0', ...env }))
  const ids: string[] = []
  let endpoint: TestEndpoint
  let ownerToken: string
  try {
    const { user, token } = await makeUser(ctx)
    ownerToken = token
    // The fields the records' keys are, as the posts that stored them would have made.
    endpoint = await makeEndpoint(ctx, user.id, { fields: BIG_FIELDS, ...settings })
    await before(ctx, endpoint.appId)
    for (let n = 0; n < BIG_RECORDS; n += 10)
      ids.push(
        ...(await insertRecords(
          ctx,
          endpoint.appId,
          Array.from({ length: 10 }, (_, i) => ({ data: bigDataOf(n + i) })),
        )),
      )
  } finally {
    await ctx.shutdown()
    await ctx.storage.close()
  }
  return { server: await spawnServer({ ...env, ...serverEnv }, 30_000), endpoint, ownerToken, ids }
}

/** VmRSS and VmHWM (the peak) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024
  return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}

/** Starts counting a process's peak RSS afresh (Linux: writing 5 to clear_refs resets VmHWM). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}
