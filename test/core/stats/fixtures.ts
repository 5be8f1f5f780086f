/**
 * @module Records with stored scores and chosen times, added the way the record writer adds
 * them: one group commit through the storage (rows, numbers, counters), then the summary
 * aggregates take them in (`ctx.stats.committed`), the document written behind. For tests
 * of the summary aggregates under inserts and deletes.
 */
import type { AppContext } from '../../../server/core/context.ts'
import { newId } from '../../../server/core/ids.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { RecordScores } from '../../../server/contract/scoring/score.ts'
import type { RecordJob } from '../../../server/db/storage/records.ts'

export interface StatsRow {
  data: Record<string, unknown>
  spam?: boolean
  scores?: RecordScores | null
  /** Minutes before the clock's now (default 0). */
  age?: number
}

/** Adds `rows` to the app as the writer would (one submission each); returns their ids in order. */
export async function addRows(ctx: AppContext, appId: string, rows: readonly StatsRow[]): Promise<string[]> {
  const jobs: RecordJob[] = rows.map((row) => ({
    appId,
    records: [
      {
        id: newId(),
        spam: row.spam ?? false,
        data: JSON.stringify(row.data),
        meta: '{}',
        scores: row.scores ? JSON.stringify(row.scores) : null,
      },
    ],
    // Their keys become fields, as the owner's posts make them: the aggregates count known keys only.
    newFields: Object.keys(row.data).map((name) => ({ id: newId(), name, type: 'text' })),
    createdAt: ctx.clock.now() - (row.age ?? 0) * 60_000,
  }))
  const { results, durable } = await ctx.storage.records.commitGroup(jobs, LIMITS.maxFields)
  for (const [index, result] of results.entries()) {
    if (!result.ok) throw new Error(`addRows: refused (${JSON.stringify(result)})`)
    const job = jobs[index]
    // The writer adds what it stores: JSON's view of the data (no undefined, no -0).
    const record = {
      data: JSON.parse(job.records[0].data),
      spam: job.records[0].spam,
      scores: rows[index].scores ?? null,
      client: null,
    }
    await ctx.stats.committed(appId, result.generation, result.firstSeq, [record], job.createdAt)
  }
  if (await durable) throw new Error('addRows: not durable')
  return jobs.map((job) => job.records[0].id)
}

/** The stored counters, times and aggregates document of an app (the generation aside). */
export async function storedStats(ctx: AppContext, appId: string) {
  const row = (await ctx.storage.stats.load(appId))!
  return [row.seq, row.kept, row.spam, row.firstAt, row.lastAt, JSON.parse(row.document)]
}
