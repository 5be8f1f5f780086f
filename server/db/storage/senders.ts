/**
 * @module The storage of an app's senders (core/senders): the third parties whose signed
 * webhook deliveries its endpoint verifies. The interface core calls (sqlite/senders.ts,
 * postgres/senders.ts) and its plain row type; every change sends a `senders` change notice.
 */

/** A sender as stored; the secret stays sealed. */
export interface SenderRow {
  id: string
  appId: string
  /** Unique per app. */
  name: string
  kind: string
  secretCipher: string
  require: boolean
  /** JSON text of the kind's options (`hmac`: header, encoding, prefix); `{}` for the others. */
  options: string
  createdAt: number
}

export interface SenderStore {
  /** The app's senders, oldest first. */
  list(appId: string): Promise<SenderRow[]>
  /** Stores `row`; false (nothing stored) when the app already has a sender of that name. */
  create(row: SenderRow): Promise<boolean>
  /** Removes the app's sender `name`; false when there was none. */
  remove(appId: string, name: string): Promise<boolean>
}
