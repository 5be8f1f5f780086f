/**
 * @module The "Retries" section of the write pages: how a client that lost an answer
 * sends the same submission again without storing it twice (`Idempotency-Key`).
 */
import { IDEMPOTENCY_HEADER } from '../core/collect/idempotency.ts'
import { LIMITS } from '../contract/limits.ts'
import type { HelpInput } from './live.ts'
import { shellQuote } from '../contract/help/markdown.ts'

const HOURS = LIMITS.idempotencyKeyTtlMs / 3_600_000

/** Idempotency-Key on /, /form and /batch. */
export function retriesSection(input: HelpInput): string {
  return [
    `A connection that breaks after the request was sent leaves the client not knowing whether the record was stored. Send an \`${IDEMPOTENCY_HEADER}\` header (any 1 to ${LIMITS.maxIdempotencyKeyLength} printable ASCII characters, e.g. a UUID made once per submission) and retry with the same key and body: if the first request was stored, the retry gets the same answer with the same id(s) and nothing is stored twice. Keys are kept per endpoint for ${HOURS} hours, with the records, on /, /form and /batch alike.`,
    '',
    '```sh',
    `curl -X POST ${shellQuote(input.url)} -H 'Content-Type: application/json' -H '${IDEMPOTENCY_HEADER}: 3f1c2a9e-order-1187' -d '{"name":"Ada"}'`,
    '```',
    '',
    `The same key with a different body within ${HOURS} hours is refused with 422 \`idempotency_key_reused\`. A submission that was refused (4xx) keeps no key: fix it and retry with the same key.`,
  ].join('\n')
}
