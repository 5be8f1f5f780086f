/**
 * @module The catalogue of unlisted keys on PostgreSQL (schema.ts `unlistedKeys`): noted by
 * the group commit under the app's counters lock (so concurrent commits from any process
 * keep within the bound), listed and forgotten for the owner.
 */
import type { UnlistedKeyRow, UnlistedKeyStore } from '../storage/unlisted-keys.ts'
import { rawRun, type RawRun } from './changes.ts'
import type { PgContext } from './context.ts'

const TOUCH = `UPDATE unlisted_keys SET last_seen = GREATEST(last_seen, $3::bigint)
  WHERE app_id = $1 AND name = ANY($2::text[]) RETURNING name`
const INSERT = `INSERT INTO unlisted_keys (app_id, name, first_seen, last_seen)
  SELECT $1, u.name, $3::bigint, $3::bigint FROM unnest($2::text[]) WITH ORDINALITY AS u(name, i)
  ORDER BY u.i
  LIMIT GREATEST(0, $4::int - (SELECT count(*) FROM unlisted_keys WHERE app_id = $1))
  ON CONFLICT DO NOTHING RETURNING name`
const FORGET = 'DELETE FROM unlisted_keys WHERE app_id = $1 AND name = ANY($2::text[])'
const LIST = `SELECT name, first_seen::float8 AS "firstSeen", last_seen::float8 AS "lastSeen"
  FROM unlisted_keys WHERE app_id = $1 ORDER BY first_seen, name COLLATE "C"`

/**
 * Notes `names` as posted at `now` (inside the commit's transaction, the app locked): known
 * ones get a new last-seen time, new ones are catalogued while the app has fewer than `max`;
 * returns the ones past the catalogue.
 */
export async function noteUnlisted(
  run: RawRun,
  appId: string,
  names: readonly string[],
  now: number,
  max: number,
): Promise<string[]> {
  if (names.length === 0) return []
  const known = new Set((await run<{ name: string }>(TOUCH, [appId, names, now])).map((row) => row.name))
  const fresh = names.filter((name) => !known.has(name))
  if (fresh.length === 0) return []
  const added = new Set((await run<{ name: string }>(INSERT, [appId, fresh, now, max])).map((row) => row.name))
  return fresh.filter((name) => !added.has(name))
}

/** Takes `names` out of the catalogue (they became fields), inside the caller's transaction. */
export async function forgetUnlisted(run: RawRun, appId: string, names: readonly string[]): Promise<void> {
  if (names.length > 0) await run(FORGET, [appId, names])
}

/** The owner's side of the catalogue. */
export function postgresUnlistedKeys(db: PgContext): UnlistedKeyStore {
  const run = rawRun(db.client)
  return {
    list: (appId) => run<UnlistedKeyRow>(LIST, [appId]),
    forget: (appId, names) => forgetUnlisted(run, appId, names),
  }
}
