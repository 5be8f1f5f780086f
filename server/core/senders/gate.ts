/**
 * @module Which sender signed a post, decided on its raw bytes before they are parsed
 * (docs/senders.md). The one hook of senders into ingest (core/collect/ingest.ts): the
 * gate of an endpoint with senders checks the JSON body's bytes and names the sender that
 * signed it; an endpoint without senders has no gate.
 *
 * Matching: every sender whose signature header the post carries is tried, in the order
 * they were added; the first whose signature checks out signed it. A post carrying such a
 * header that none verifies is refused — `401 stale_signature` when a signature was good
 * but its timestamp outside the tolerance, else `401 bad_signature` — whether or not
 * signatures are required: a wrong secret shows on the provider's delivery log instead of
 * filling the app with unverified records. A post with no sender's header is taken as an
 * ordinary post, unless a sender requires signatures (`401 bad_signature`). Form posts and
 * batches cannot be signed: under `require` they are refused too.
 */
import { createHash } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import { SENDER_LIMITS } from '../../contract/senders/schemas.ts'
import { checkSignature, signatureHeader, type HeaderGet, type SenderSpec } from './signatures.ts'

/** The sender that signed a post. */
export interface SignedBy {
  name: string
  /** The delivery id in the headers; null when the kind carries it in the body (stripe) or has none (hmac). */
  deliveryId: string | null
  /** True when the delivery id is the body's `id` (a Stripe event's). */
  idInBody: boolean
}

export interface SenderGate {
  /** The sender that signed `bytes`, or null for an unsigned post it lets through; throws 401 otherwise. */
  check(bytes: Uint8Array): SignedBy | null
  /** For a post that cannot be signed (a form, a batch): throws 401 when a sender requires signatures. */
  unsigned(): void
}

const badSignature = (names: string) =>
  new AppError(
    'bad_signature',
    `This endpoint takes only deliveries signed by its senders (${names}), and this post's signature is missing or does not match; check the secret on the provider's side (svc-cli share sender list). Nothing was stored`,
  )

const staleSignature = () =>
  new AppError(
    'stale_signature',
    `The delivery's signature is good but its timestamp is more than ${SENDER_LIMITS.toleranceSeconds / 60} minutes from the server's time (a replayed or delayed delivery, or a clock off); nothing was stored. Check the sender's clock, or let the provider retry`,
  )

/**
 * The gate of `appId`'s senders for a post with `headers`; null when the app has none. At
 * once when the cache holds them (the usual post to an endpoint without senders waits for
 * nothing), else once read.
 */
export function senderGate(
  ctx: AppContext,
  appId: string,
  headers: HeaderGet,
): SenderGate | null | Promise<SenderGate | null> {
  const kept = ctx.caches.senders.kept(appId)
  if (kept !== undefined) return gateOf(ctx, kept, headers)
  return ctx.caches.senders.get(appId).then((senders) => gateOf(ctx, senders, headers))
}

function gateOf(ctx: AppContext, senders: readonly SenderSpec[], headers: HeaderGet): SenderGate | null {
  if (senders.length === 0) return null
  const names = senders.map((sender) => sender.name).join(', ')
  const required = senders.some((sender) => sender.require)
  return {
    unsigned() {
      if (required) throw badSignature(names)
    },
    check(bytes) {
      let tried = false
      let stale = false
      for (const sender of senders) {
        const header = headers(signatureHeader(sender))
        if (header === null) continue
        tried = true
        const verdict = checkSignature(sender, header, headers, bytes, ctx.clock.now())
        if (verdict.ok) return { name: sender.name, deliveryId: verdict.deliveryId, idInBody: sender.kind === 'stripe' }
        stale ||= verdict.stale
      }
      if (stale) throw staleSignature()
      if (tried || required) throw badSignature(names)
      return null
    },
  }
}

/**
 * The Idempotency-Key of a verified delivery: its sender and delivery id (the body's `id`
 * for a Stripe event), hashed to fit; null when it has none.
 */
export function deliveryKey(signed: SignedBy, body: unknown): string | null {
  const id =
    signed.idInBody && typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string'
      ? (body as { id: string }).id
      : signed.deliveryId
  if (id === null || id === '') return null
  return `sender ${signed.name} ${createHash('sha256').update(id).digest('base64url')}`
}

export type { HeaderGet, SenderSpec }
