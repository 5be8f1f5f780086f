/**
 * The ingest use case (server/core/collect/ingest.ts) without HTTP: the order of its checks
 * (the Idempotency-Key, then the endpoint's token, switch and rate limits, all before the
 * submission is read; a batch charged its record count once read), the figures it reports
 * on the call, and what it answers for a record, a form post and a batch.
 */
import { describe, expect, test } from 'bun:test'
import { ingest, type FormPairs, type IngestCall, type SubmissionReader } from '../../../server/core/collect/ingest.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint, storedRecords } from './fixtures.ts'

const call = (token: string, changes: Partial<IngestCall<unknown>> = {}): IngestCall<unknown> => ({
  token,
  idempotencyKey: null,
  client: '192.0.2.1',
  bearer: null,
  source: null,
  rate: null,
  endpoint: null,
  ...changes,
})

/** Readers that count how often the submission was read. */
function readers(record: unknown, pairs: FormPairs = [], batch: unknown = []) {
  const reads = { count: 0 }
  const reader = <K extends 'record' | 'batch'>(kind: K, value: unknown) => ({
    kind,
    read: async () => {
      reads.count++
      return value
    },
  })
  return {
    reads,
    record: reader('record', record) as SubmissionReader<unknown>,
    form: {
      kind: 'form',
      read: async () => {
        reads.count++
        return { pairs, files: [] }
      },
    } as SubmissionReader<unknown>,
    batch: reader('batch', batch) as SubmissionReader<unknown>,
  }
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'stored'
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return error.type
  }
}

describe('ingest', () => {
  test('a record: stored, its id and endpoint answered, the rate figures and the endpoint on the call', async () => {
    const { ctx } = testContext()
    const endpoint = await makeEndpoint(ctx, { rateLimit: '2/s,8' })
    const submission = call(endpoint.token)
    const { record } = readers({ name: 'Ada' })
    const done = await ingest(ctx, submission, record)
    expect(done.ids).toHaveLength(1)
    expect(done.endpoint.appId).toBe(endpoint.appId)
    expect(done.redirect).toBeNull()
    expect(submission.endpoint?.appId).toBe(endpoint.appId)
    expect(submission.rate).toEqual({
      limit: { rate: 2, burst: 8 },
      perClient: true,
      bucket: 'client',
      remaining: 1,
      resetSeconds: 2,
      retryAfterSeconds: null,
    })
    expect((await storedRecords(ctx, endpoint.appId)).map((row) => [row.id, row.data])).toEqual([
      [done.ids[0], { name: 'Ada' }],
    ])
  })

  test('a form post answers its _redirect as sent; a batch stores every record', async () => {
    const { ctx } = testContext()
    const endpoint = await makeEndpoint(ctx)
    const { form, batch } = readers(
      null,
      [
        ['name', 'Ada'],
        ['_redirect', 'https://elsewhere.example/'],
      ],
      [{ name: 'Grace' }, { name: 'Edsger' }],
    )
    const posted = await ingest(ctx, call(endpoint.token), form)
    expect(posted.redirect).toBe('https://elsewhere.example/')
    const many = await ingest(ctx, call(endpoint.token), batch)
    expect(many.ids).toHaveLength(2)
    expect((await storedRecords(ctx, endpoint.appId)).map((row) => row.data)).toEqual([
      { name: 'Ada' },
      { name: 'Grace' },
      { name: 'Edsger' },
    ])
  })

  test('a bad Idempotency-Key, an unknown token and a switched-off endpoint are refused before anything is read', async () => {
    const { ctx } = testContext()
    const open = await makeEndpoint(ctx)
    const closed = await makeEndpoint(ctx, { service: false })
    const { reads, record } = readers({ name: 'Ada' })
    expect(await refusal(ingest(ctx, call('no-such-token-at-all', { idempotencyKey: '' }), record))).toBe('bad_request')
    expect(await refusal(ingest(ctx, call('no-such-token-at-all'), record))).toBe('not_found')
    const off = call(closed.token)
    expect(await refusal(ingest(ctx, off, record))).toBe('disabled')
    expect(off.endpoint).toBeNull()
    expect(reads.count).toBe(0)
    expect(await refusal(ingest(ctx, call(open.token), record))).toBe('stored')
    expect(reads.count).toBe(1)
  })

  test('the rate limit refuses before reading; the figures say when to retry', async () => {
    const { ctx } = testContext()
    const endpoint = await makeEndpoint(ctx, { rateLimit: '1/s,1' })
    const { reads, record } = readers({ name: 'Ada' })
    expect(await refusal(ingest(ctx, call(endpoint.token, { client: null }), record))).toBe('stored')
    const again = call(endpoint.token, { client: null })
    expect(await refusal(ingest(ctx, again, record))).toBe('rate_limited')
    expect(reads.count).toBe(1)
    expect(again.rate).toEqual({
      limit: { rate: 1, burst: 1 },
      perClient: false,
      bucket: 'endpoint',
      remaining: 0,
      resetSeconds: 1,
      retryAfterSeconds: 1,
    })
  })

  test('a batch is charged its record count once read: one that the limit cannot take is refused after reading, and keeps the endpoint on the call', async () => {
    const { ctx } = testContext()
    const endpoint = await makeEndpoint(ctx, { rateLimit: '1/s,3' })
    const { reads, record, batch } = readers({ n: 0 }, [], [{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(await refusal(ingest(ctx, call(endpoint.token, { client: null }), record))).toBe('stored')
    // Two tokens left: enough to start reading a batch, not for its three records.
    const tooMany = call(endpoint.token, { client: null })
    expect(await refusal(ingest(ctx, tooMany, batch))).toBe('rate_limited')
    expect(reads.count).toBe(2)
    expect(tooMany.endpoint?.appId).toBe(endpoint.appId)
    expect(tooMany.rate).toEqual({
      limit: { rate: 1, burst: 3 },
      perClient: false,
      bucket: 'endpoint',
      remaining: 2,
      resetSeconds: 1,
      retryAfterSeconds: 1,
    })
    expect((await storedRecords(ctx, endpoint.appId)).map((row) => row.data)).toEqual([{ n: 0 }])
  })
})
