/**
 * The delivery unit of the record events: how a commit's records are cut into outbox rows
 * (batcher) and how a worker merges waiting rows into deliveries (mergeOutbox).
 */
import { describe, expect, test } from 'bun:test'
import {
  batcher,
  createdJson,
  deletedJson,
  mergeOutbox,
  OUTBOX_BATCH,
  type OutboxRow,
} from '../../../server/db/storage/outbox-batch.ts'

const ids = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`)
const payloadIds = (payload: string | null) =>
  (JSON.parse(payload ?? 'null') as Array<{ id: string }>).map((record) => record.id)

describe('batcher', () => {
  test('cuts records into batches of at most OUTBOX_BATCH.records, each named by its first record', () => {
    const cut = batcher()
    for (const id of ids(OUTBOX_BATCH.records * 2 + 1)) cut.add(id, deletedJson(id))
    const batches = cut.done()
    expect(batches.map((b) => [b.firstId, b.records])).toEqual([
      ['r0', OUTBOX_BATCH.records],
      [`r${OUTBOX_BATCH.records}`, OUTBOX_BATCH.records],
      [`r${OUTBOX_BATCH.records * 2}`, 1],
    ])
    expect(batches.flatMap((b) => payloadIds(b.payload))).toEqual(ids(OUTBOX_BATCH.records * 2 + 1))
  })

  test('closes a batch before it passes OUTBOX_BATCH.bytes; a record larger than that goes alone', () => {
    const cut = batcher()
    const big = 'x'.repeat(OUTBOX_BATCH.bytes)
    const third = 'y'.repeat(OUTBOX_BATCH.bytes / 2)
    cut.add('a', createdJson('a', '2026-11-26T00:00:00.000Z', JSON.stringify({ v: third })))
    cut.add('b', createdJson('b', '2026-11-26T00:00:00.000Z', JSON.stringify({ v: big })))
    cut.add('c', createdJson('c', '2026-11-26T00:00:00.000Z', JSON.stringify({ v: third })))
    cut.add('d', createdJson('d', '2026-11-26T00:00:00.000Z', JSON.stringify({ v: 1 })))
    const batches = cut.done()
    expect(batches.map((b) => payloadIds(b.payload))).toEqual([['a'], ['b'], ['c', 'd']])
    expect(JSON.parse(batches[2].payload)).toEqual([
      { id: 'c', createdAt: '2026-11-26T00:00:00.000Z', data: { v: third } },
      { id: 'd', createdAt: '2026-11-26T00:00:00.000Z', data: { v: 1 } },
    ])
  })

  test('nothing added, no batch', () => {
    expect(batcher().done()).toEqual([])
  })
})

describe('mergeOutbox', () => {
  let seq = 0
  const row = (webhookId: string, event: string, records: string[] | null): OutboxRow => {
    const cut = batcher()
    for (const id of records ?? []) cut.add(id, deletedJson(id))
    const [batch] = cut.done()
    seq++
    return {
      seq,
      id: `msg_${batch?.firstId ?? `app${seq}`}_${webhookId}`,
      webhookId,
      appId: 'app',
      event,
      subject: batch?.firstId ?? 'app',
      payload: batch?.payload ?? null,
      records: batch?.records ?? 0,
      createdAt: seq,
    }
  }

  test('rows of one subscription and record event merge into the first, in order; other rows stay as they are', () => {
    const rows = [
      row('w1', 'record.created', ['a', 'b']),
      row('w2', 'record.created', ['a', 'b']),
      row('w1', 'app.published', null),
      row('w1', 'record.created', ['c']),
      row('w1', 'record.deleted', ['x']),
      row('w1', 'record.created', ['d', 'e']),
    ]
    const made = mergeOutbox(rows)
    expect(
      made.map((d) => [
        d.id,
        d.event,
        d.subject,
        d.records,
        d.createdAt,
        d.payload === null ? null : payloadIds(d.payload),
      ]),
    ).toEqual([
      ['msg_a_w1', 'record.created', 'a', 5, rows[0].createdAt, ['a', 'b', 'c', 'd', 'e']],
      ['msg_a_w2', 'record.created', 'a', 2, rows[1].createdAt, ['a', 'b']],
      [rows[2].id, 'app.published', 'app', 0, rows[2].createdAt, null],
      ['msg_x_w1', 'record.deleted', 'x', 1, rows[4].createdAt, ['x']],
    ])
    // The rows read are not changed.
    expect(payloadIds(rows[0].payload)).toEqual(['a', 'b'])
  })

  test(`a merged delivery stays within ${OUTBOX_BATCH.records} records: the row that would pass it starts the next`, () => {
    const rows = [
      row('w', 'record.created', ids(60, 'a')),
      row('w', 'record.created', ids(40, 'b')),
      row('w', 'record.created', ids(1, 'c')),
      row('w', 'record.created', ids(30, 'd')),
    ]
    const made = mergeOutbox(rows)
    expect(made.map((d) => [d.subject, d.records])).toEqual([
      ['a0', 100],
      ['c0', 31],
    ])
    expect(made.flatMap((d) => payloadIds(d.payload))).toEqual([
      ...ids(60, 'a'),
      ...ids(40, 'b'),
      ...ids(1, 'c'),
      ...ids(30, 'd'),
    ])
  })
})
