/**
 * @module The JSON body of a delivery, built from its outbox row alone, so every attempt of
 * one delivery sends the same bytes: `{"type","timestamp","data":{"appId","records"?}}` —
 * `timestamp` is when the event happened (ISO 8601); `records`, for the record events, the
 * batch the delivery carries (storage/outbox-batch.ts): `[{"id","createdAt","data"}…]` for
 * `record.created` (`data` exactly as stored), `[{"id","createdAt","data","changed"}…]` for
 * `record.updated` (the record as it is now and the names of the fields changed),
 * `[{"id"}…]` for `record.deleted`.
 */

/** What a body is built from (an outbox row, or a test event). */
export interface EnvelopeSource {
  event: string
  appId: string
  /** JSON text (the batch's array of records) or null. */
  payload: string | null
  createdAt: number
}

/** The body text; the stored payload goes in as it is, unparsed. */
export function envelopeBody(source: EnvelopeSource): string {
  const head = `{"type":${JSON.stringify(source.event)},"timestamp":${JSON.stringify(new Date(source.createdAt).toISOString())},"data":{"appId":${JSON.stringify(source.appId)}`
  return source.payload === null ? `${head}}}` : `${head},"records":${source.payload}}}`
}
