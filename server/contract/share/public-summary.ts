/**
 * @module The public summary's rules in words (core/stats/public-values.ts applies them), built
 * from the limits so that the OpenAPI document, `?help` and the skill documents say what the
 * server does: one sentence, with `k` standing for the app's `summaryMinRespondents`.
 */
import { LIMITS } from '../limits.ts'

const CLIENTS = LIMITS.summaryDistinctClients - 1

/** What the public summary leaves out and rounds, for a minimum written as `k` (a number, or a name such as "`minRespondents`"). */
export const publicSummaryRules = (k: number | string): string =>
  `a value is listed only when at least ${k} records and ${k} clients other than the reader gave it (at most ${CLIENTS} clients are asked for; rarer values are counted in \`other\`), ` +
  'e-mail addresses and fields a stranger proposed are never listed, ' +
  `a number's \`mean\` and \`sum\` cover its numbers up to the last multiple of ${LIMITS.summaryPublicStep}, to ${LIMITS.summaryPublicDigits} significant digits, once ${k} clients gave one (null before), as does a score's \`mean\` once ${k} records have one, ` +
  `\`min\` and \`max\` (of numbers and scores) are always null, \`firstAt\`/\`lastAt\` are the start of their UTC day and a day with fewer than ${k} records counts 0`
