/**
 * @module The JSON body of a delivery, built from its outbox row alone, so every attempt of
 * one delivery sends the same bytes:
 * `{"type","timestamp","data":{"appId","recordId"?,"record"?}}` — `timestamp` is when the
 * event happened (ISO 8601), `record` the record's data object exactly as stored.
 */

/** What a body is built from (an outbox row, or a test event). */
export interface EnvelopeSource {
  event: string
  appId: string
  subject: string
  /** JSON text (the record's data) or null. */
  payload: string | null
  createdAt: number
}

/** The body text; the stored payload goes in as it is, unparsed. */
export function envelopeBody(source: EnvelopeSource): string {
  const head = `{"type":${JSON.stringify(source.event)},"timestamp":${JSON.stringify(new Date(source.createdAt).toISOString())},"data":{"appId":${JSON.stringify(source.appId)}`
  if (!source.event.startsWith('record.')) return `${head}}}`
  const record = source.payload === null ? '' : `,"record":${source.payload}`
  return `${head},"recordId":${JSON.stringify(source.subject)}${record}}}`
}
