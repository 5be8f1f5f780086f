/**
 * @module The store of proof-of-work solutions already accepted (core/challenge/verify.ts):
 * one claim per challenge, decided by the insert of its unique key, so two processes racing
 * the same solution accept it once.
 */

export interface ChallengeStore {
  /**
   * Records the challenge with this signature as answered, expiring at `expiresAt` (epoch ms);
   * true when this call recorded it, false when it was already. Rows expired before `now` go first.
   */
  claim(signature: string, expiresAt: number, now: number): Promise<boolean>
}
