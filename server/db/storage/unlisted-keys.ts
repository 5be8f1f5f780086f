/**
 * @module The catalogue of an app's unlisted keys: keys strangers' records hold that became
 * no field because the proposal budgets were spent (storage/field-tally.ts). The group
 * commit notes them (bounded per app by RecordJob.proposal.maxUnlisted); the owner lists
 * them and accepts them as fields (core/fields/unlisted.ts). Implemented in
 * sqlite/unlisted-keys.ts and postgres/unlisted-keys.ts.
 */

/** One catalogued key: its name and when a record first and last held it (epoch ms). */
export interface UnlistedKeyRow {
  name: string
  firstSeen: number
  lastSeen: number
}

export interface UnlistedKeyStore {
  /** The app's catalogued keys, oldest first. */
  list(appId: string): Promise<UnlistedKeyRow[]>
  /** Takes `names` out of the catalogue (accepted as fields). */
  forget(appId: string, names: readonly string[]): Promise<void>
}
