/**
 * @module The exact texts a reader of the API sees about `reads` (docs/design.md rule 16), written
 * out here rather than imported, so a test fails when the wording changes by accident.
 */

/** `data.warnings` of an answer that shows reads `records`. */
export const RECORDS_WARNING =
  'Reads are open (reads: "records"): anyone with the endpoint or fill-in link can read every record through /query and /summary, ' +
  'and that link sits in your form\'s page source. Set reads to "off" to keep the records private; you still read them with your access token, svc-cli share query or the admin page.'

/** `data.warnings` of an answer that shows reads `summary`. */
export const SUMMARY_WARNING =
  'Summary reads are open (reads: "summary"): anyone with the endpoint or fill-in link can read the aggregates of every record through /summary ' +
  "(counts, numbers, records per day, and each field's most frequent values, which can be what people typed); single records stay private. " +
  'Set reads to "off" to keep the summary private too.'

const OWNER_READS = (what: string, command: string) =>
  `The owner reads ${what} with an access token in "Authorization: Bearer svc_pat_…", with \`svc-cli share ${command}\`, or in the admin page; ` +
  'opening reads to anyone with the link is the reads switch of the share settings.'

const DISABLED = {
  'off /query':
    'Reading records with the endpoint token is switched off for this endpoint (reads switch: "off"); the records are the owner\'s. ' +
    OWNER_READS('them', 'query'),
  'off /summary':
    'Reading the summary with the endpoint token is switched off for this endpoint (reads switch: "off"); the records are the owner\'s. ' +
    OWNER_READS('it', 'summary'),
  'summary /query':
    'Reading records with the endpoint token is switched off for this endpoint (reads switch: "summary", which opens /summary only); the records are the owner\'s. ' +
    OWNER_READS('them', 'query'),
}

/** The 403 body of a read that `reads` keeps closed to callers without the owner's token. */
export const disabledBody = (key: keyof typeof DISABLED) => ({
  code: 403,
  error: { type: 'disabled', message: DISABLED[key] },
})
