/**
 * @module What a verified delivery changes in how its record is taken (docs/senders.md):
 * `meta.source` is the sender's name and `meta.verified` true (a poster cannot send
 * `verified` itself: meta takes only source and timestamp), its delivery id is its
 * Idempotency-Key, and its keys become accepted fields — auto-create on, as the owner's own
 * posts, except that keys past the field limit stay in the record instead of refusing it.
 */
import type { Submission } from '../collect/shape.ts'
import type { CollectSettings } from '../collect/prepare.ts'
import { deliveryKey, type SignedBy } from './gate.ts'

/** The submission of a delivery `signed` verified, and its Idempotency-Key (null: none, or the one sent). */
export function signedSubmission(
  signed: SignedBy,
  body: unknown,
  submission: Submission,
  sentKey: string | null,
): { submission: Submission; key: string | null } {
  return {
    submission: { data: submission.data, meta: { ...submission.meta, source: signed.name, verified: true } },
    key: deliveryKey(signed, body) ?? sentKey,
  }
}

/** The settings a verified delivery is taken with, from the endpoint's. */
export const signedSettings = (settings: Omit<CollectSettings, 'proposer'>): CollectSettings => ({
  ...settings,
  autoCreate: true,
  proposer: null,
  keepSurplus: true,
})
