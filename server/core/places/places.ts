/**
 * @module This process's places for long answers (`ctx.places`): the live streams, the reads
 * of records under way (public `/query` pages, the owner's pages and exports) and the bytes
 * both hold for clients that are behind. Limits come from the configuration (SVC_STREAMS_*,
 * SVC_READS_*, SVC_HELD_MB) and the owner's shares from LIMITS; docs/security.md says why.
 */
import type { Config } from '../../config.ts'
import { LIMITS } from '../../contract/limits.ts'
import { createHeldBytes, type HeldBytes } from './held-bytes.ts'
import { createLedger, type Ledger } from './ledger.ts'

export interface Places {
  /** Live streams (server/live). */
  streams: Ledger
  /** Reads of records while they are sent (core/records/text-stream.ts); the owner's are counted, never refused. */
  reads: Ledger
  /** Bytes written to clients that have not taken them, streams and reads together. */
  held: HeldBytes
}

/** The places of a process configured by `config`. */
export function createPlaces(config: Config): Places {
  return {
    streams: createLedger(
      () => ({
        perClient: config.streamsPerClient,
        perApp: config.streamsPerApp,
        perProcess: config.streamsPerProcess,
        ownerPerApp: LIMITS.ownerStreamsPerApp,
        ownerPerProcess: LIMITS.ownerStreamsPerProcess,
      }),
      {
        noun: 'live streams',
        appHint: ', or read pages with /query (each stream resumes where it stopped with Last-Event-ID)',
        clientHint: '',
      },
      LIMITS.streamRetryAfterSeconds,
    ),
    reads: createLedger(
      () => ({
        perClient: config.readsPerClient,
        perApp: config.readsPerApp,
        perProcess: config.readsPerProcess,
      }),
      { noun: 'reads of records', appHint: '', clientHint: ' (read the pages one after another)' },
      LIMITS.readRetryAfterSeconds,
    ),
    held: createHeldBytes(() => config.heldBytes, LIMITS.readRetryAfterSeconds),
  }
}
