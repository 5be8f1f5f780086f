/**
 * The migration that makes record events carry batches (drizzle/sqlite/0007_webhook_outbox.sql)
 * keeps the deliveries an older svc left: a pending `record.created` that carried one
 * record's data, and a `record.deleted` that carried none, are sent afterwards in the batch
 * shape (`records: [{"id","createdAt","data"}]`, `[{"id"}]`); app events are unchanged.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'
import { envelopeBody } from '../../server/core/webhooks/envelope.ts'
import { migrationsBefore } from '../support/migrations.ts'
import { tempDir } from '../support/tmp.ts'

const TAG = '0007_webhook_outbox'
const T = 1_767_225_600_123

describe(`migration ${TAG}`, () => {
  test('pending deliveries of the one-record shape are sent as batches of one', () => {
    const store = openStore(join(tempDir('svc-migrate-'), 'svc.db'))
    try {
      migrateStore(store, migrationsBefore(TAG))
      const sqlite = store.sqlite
      sqlite.run('INSERT INTO users (id, email, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
        'u1',
        'owner@example.com',
        'owner',
        T,
        T,
      ])
      sqlite.run('INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
        'a1',
        'u1',
        'App',
        T,
        T,
      ])
      sqlite.run(
        'INSERT INTO webhooks (id, app_id, url, events, secret_cipher, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ['w1', 'a1', 'https://example.com/hook', '["record.created"]', 'sealed', T, T],
      )
      const insert = `INSERT INTO webhook_deliveries (id, webhook_id, app_id, event, subject, payload, status, attempts, next_at, created_at, updated_at)
        VALUES (?, 'w1', 'a1', ?, ?, ?, 'pending', 0, ?, ?, ?)`
      sqlite.run(insert, ['msg_r1_w1', 'record.created', 'r1', '{"name":"Ada","n":1.5,"tags":["a"]}', T, T, T])
      sqlite.run(insert, ['msg_r2_deleted_w1', 'record.deleted', 'r2', null, T, T, T])
      sqlite.run(insert, ['msg_x_w1', 'app.published', 'a1', null, T, T, T])

      migrateStore(store)

      const rows = sqlite
        .query<{ id: string; event: string; payload: string | null; records: number; created_at: number }, []>(
          'SELECT id, event, payload, records, created_at FROM webhook_deliveries ORDER BY id',
        )
        .all()
      const bodies = rows.map((row) => [
        row.id,
        row.records,
        JSON.parse(envelopeBody({ event: row.event, appId: 'a1', payload: row.payload, createdAt: row.created_at })),
      ])
      const timestamp = new Date(T).toISOString()
      expect(bodies).toEqual([
        [
          'msg_r1_w1',
          1,
          {
            type: 'record.created',
            timestamp,
            data: {
              appId: 'a1',
              records: [{ id: 'r1', createdAt: timestamp, data: { name: 'Ada', n: 1.5, tags: ['a'] } }],
            },
          },
        ],
        ['msg_r2_deleted_w1', 1, { type: 'record.deleted', timestamp, data: { appId: 'a1', records: [{ id: 'r2' }] } }],
        ['msg_x_w1', 0, { type: 'app.published', timestamp, data: { appId: 'a1' } }],
      ])
      expect(sqlite.query('SELECT count(*) AS n FROM webhook_outbox').get()).toEqual({ n: 0 })
    } finally {
      store.close()
    }
  })
})
