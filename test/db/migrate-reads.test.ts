/**
 * The migration that makes `reads` three-valued (drizzle/0001_reads_access.sql) keeps what
 * existing apps had: a database made at the previous migration, holding apps with reads on
 * and off, is migrated the way the server does it at start-up, and nothing changes
 * silently for a live dashboard (on → `records`, off → `off`); only new apps start `off`.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'
import { migrationsBefore } from '../support/migrations.ts'
import { tempDir } from '../support/tmp.ts'

const TAG = '0001_reads_access'

const T = 1_767_225_600_000

describe(`migration ${TAG}`, () => {
  test('apps with reads on keep them open as "records", apps with reads off stay "off", every other column is kept', () => {
    const store = openStore(join(tempDir('svc-migrate-'), 'svc.db'))
    try {
      migrateStore(store, migrationsBefore(TAG))
      const sqlite = store.sqlite
      const columns = sqlite
        .query<{ name: string; type: string; dflt_value: string | null }, []>(
          "SELECT name, type, dflt_value FROM pragma_table_info('endpoints') WHERE name = 'reads'",
        )
        .get()
      expect(columns).toEqual({ name: 'reads', type: 'INTEGER', dflt_value: 'true' })

      sqlite.run('INSERT INTO users (id, email, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
        'u1',
        'owner@example.com',
        'owner',
        T,
        T,
      ])
      const apps = ['open', 'closed', 'unpublished']
      for (const id of apps)
        sqlite.run('INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
          id,
          'u1',
          `App ${id}`,
          T,
          T,
        ])
      const insert = `INSERT INTO endpoints (app_id, token_hash, token_cipher, published, service, reads, auto_create, honeypot, rate_limit, redirect_origins, published_at, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      sqlite.run(insert, [
        'open',
        'hash-open',
        'cipher-open',
        1,
        1,
        1,
        0,
        '_hp',
        '5/s,25',
        '["https://example.com"]',
        T + 1,
        T,
        T + 2,
      ])
      sqlite.run(insert, ['closed', 'hash-closed', 'cipher-closed', 1, 0, 0, 1, '_gotcha', null, '[]', T + 3, T, T + 4])
      // An app made before the migration with the old default (reads on), never published.
      sqlite.run('INSERT INTO endpoints (app_id, created_at, updated_at) VALUES (?, ?, ?)', ['unpublished', T, T])

      migrateStore(store)

      expect(
        sqlite.query("SELECT name, type, dflt_value FROM pragma_table_info('endpoints') WHERE name = 'reads'").get(),
      ).toEqual({ name: 'reads', type: 'TEXT', dflt_value: "'off'" })
      expect(sqlite.query('SELECT * FROM endpoints ORDER BY created_at, app_id').all()).toEqual([
        {
          app_id: 'closed',
          token_hash: 'hash-closed',
          token_cipher: 'cipher-closed',
          published: 1,
          service: 0,
          reads: 'off',
          auto_create: 1,
          honeypot: '_gotcha',
          rate_limit: null,
          redirect_origins: '[]',
          thank_you_message: '',
          thank_you_url: null,
          submit_another: 1,
          summary_min_respondents: 5,
          closed: 0,
          close_after: null,
          closes_at: null,
          closed_message: '',
          one_per_browser: 0,
          unique_field: null,
          form_layout: null,
          keep_records_days: null,
          keep_spam_days: null,
          language: 'en',
          translations: '{}',
          spam_rules: null,
          dedupe_seconds: 600,
          dedupe_json: 0,
          challenge: 'off',
          challenge_difficulty: 20000,
          published_at: T + 3,
          created_at: T,
          updated_at: T + 4,
        },
        {
          app_id: 'open',
          token_hash: 'hash-open',
          token_cipher: 'cipher-open',
          published: 1,
          service: 1,
          reads: 'records',
          auto_create: 0,
          honeypot: '_hp',
          rate_limit: '5/s,25',
          redirect_origins: '["https://example.com"]',
          thank_you_message: '',
          thank_you_url: null,
          submit_another: 1,
          summary_min_respondents: 5,
          closed: 0,
          close_after: null,
          closes_at: null,
          closed_message: '',
          one_per_browser: 0,
          unique_field: null,
          form_layout: null,
          keep_records_days: null,
          keep_spam_days: null,
          language: 'en',
          translations: '{}',
          spam_rules: null,
          dedupe_seconds: 600,
          dedupe_json: 0,
          challenge: 'off',
          challenge_difficulty: 20000,
          published_at: T + 1,
          created_at: T,
          updated_at: T + 2,
        },
        {
          app_id: 'unpublished',
          token_hash: null,
          token_cipher: null,
          published: 0,
          service: 1,
          reads: 'records',
          auto_create: 1,
          honeypot: '_gotcha',
          rate_limit: null,
          redirect_origins: '[]',
          thank_you_message: '',
          thank_you_url: null,
          submit_another: 1,
          summary_min_respondents: 5,
          closed: 0,
          close_after: null,
          closes_at: null,
          closed_message: '',
          one_per_browser: 0,
          unique_field: null,
          form_layout: null,
          keep_records_days: null,
          keep_spam_days: null,
          language: 'en',
          translations: '{}',
          spam_rules: null,
          dedupe_seconds: 600,
          dedupe_json: 0,
          challenge: 'off',
          challenge_difficulty: 20000,
          published_at: null,
          created_at: T,
          updated_at: T,
        },
      ])

      // (thank_you_message, thank_you_url, submit_another, summary_min_respondents and the form limits come from later migrations, with their defaults.)
      // The rebuilt table keeps its unique token index and its cascade from apps.
      expect(
        sqlite
          .query(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'endpoints' AND name NOT LIKE 'sqlite_autoindex%'",
          )
          .all(),
      ).toEqual([{ name: 'endpoints_token_hash_unique' }])
      expect(() => sqlite.run("UPDATE endpoints SET token_hash = 'hash-open' WHERE app_id = 'closed'")).toThrow(
        /UNIQUE constraint failed: endpoints.token_hash/,
      )
      sqlite.run("DELETE FROM apps WHERE id = 'closed'")
      expect(sqlite.query('SELECT app_id FROM endpoints ORDER BY app_id').all()).toEqual([
        { app_id: 'open' },
        { app_id: 'unpublished' },
      ])
      expect(sqlite.query('PRAGMA foreign_key_check').all()).toEqual([])
      expect(sqlite.query('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 })

      // An app made after the migration starts with reads off; migrating again changes nothing.
      sqlite.run("INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES ('new', 'u1', 'New', ?, ?)", [
        T,
        T,
      ])
      sqlite.run("INSERT INTO endpoints (app_id, created_at, updated_at) VALUES ('new', ?, ?)", [T, T])
      migrateStore(store)
      expect(sqlite.query('SELECT app_id, reads FROM endpoints ORDER BY app_id').all()).toEqual([
        { app_id: 'new', reads: 'off' },
        { app_id: 'open', reads: 'records' },
        { app_id: 'unpublished', reads: 'records' },
      ])
    } finally {
      store.close()
    }
  })
})
