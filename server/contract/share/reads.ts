/**
 * @module Who may read an endpoint with nothing but its token (docs/design.md rule 16). The token
 * sits in public pages and fill-in links, so records are the owner's unless the owner opens
 * reads. Pure: the share schema, help pages, skill document, CLI and admin page all use
 * these values and this wording.
 */

/** `off`: only the owner reads · `summary`: anyone with the token reads /summary · `records`: /query too. */
export const READ_ACCESS = ['off', 'summary', 'records'] as const
export type ReadAccess = (typeof READ_ACCESS)[number]

/** What every new app gets, smart-built ones too. */
export const DEFAULT_READ_ACCESS: ReadAccess = 'off'

/** The public read paths of an endpoint. */
export type ReadPath = 'query' | 'summary'

/** What each setting lets anyone holding the endpoint token read. */
export const READ_ACCESS_MEANING: Readonly<Record<ReadAccess, string>> = {
  off: 'only the owner reads (with an access token); /query and /summary answer 403 `disabled` to anyone else',
  summary: "anyone with the endpoint token reads /summary (aggregates); /query stays the owner's",
  records: 'anyone with the endpoint token reads every record (/query) and /summary',
}

/** The setting a PATCH value stands for: `true`/`false` from older scripts mean `records`/`off`. */
export const readAccessOf = (value: ReadAccess | boolean): ReadAccess =>
  value === true ? 'records' : value === false ? 'off' : value

/** True when `reads` lets a caller without the owner's token use `path`. */
export const openToAnyone = (reads: ReadAccess, path: ReadPath): boolean =>
  reads === 'records' || (reads === 'summary' && path === 'summary')

const RECORDS_WARNING =
  'Reads are open (reads: "records"): anyone with the endpoint or fill-in link can read every record through /query and /summary, ' +
  'and that link sits in your form\'s page source. Set reads to "off" to keep the records private; you still read them with your access token, svc-cli share query or the admin page.'

const SUMMARY_WARNING =
  'Summary reads are open (reads: "summary"): anyone with the endpoint or fill-in link can read the aggregates of every record through /summary ' +
  "(counts, numbers, records per day, and each field's most frequent values, which can be what people typed); single records stay private. " +
  'Set reads to "off" to keep the summary private too.'

/** The warnings an answer that shows or opens `reads` carries; empty when reads are off. */
export function readsWarnings(reads: ReadAccess): string[] {
  if (reads === 'records') return [RECORDS_WARNING]
  if (reads === 'summary') return [SUMMARY_WARNING]
  return []
}

/** `{warnings}` to spread into an API object when reads are open, else nothing. */
export function warningsOf(reads: ReadAccess): { warnings?: string[] } {
  const warnings = readsWarnings(reads)
  return warnings.length > 0 ? { warnings } : {}
}
