/**
 * @module The help pages of the two other write paths, `/form?help` and `/batch?help`:
 * the part of the endpoint's page about that path, with the status, the record rules,
 * limits and errors around it.
 */
import type { HelpInput } from './live.ts'
import { limitsAndErrorsSections, pageTitle, statusSection } from './sections.ts'
import { batchSection, filesSection, formSection, recordRulesSection } from './write-sections.ts'

/** A write path's page: `body` between the live status and the rules, limits and errors. */
function writePage(input: HelpInput, heading: string, body: string): string {
  return [
    pageTitle(input, heading),
    '',
    statusSection(input),
    '',
    body,
    '',
    `Everything else about this endpoint (JSON records, reading them back): \`${input.url}?help\`.`,
    '',
    '## What a record may hold',
    '',
    recordRulesSection(),
    '',
    limitsAndErrorsSections(input),
    '',
  ].join('\n')
}

/** GET /<token>/form?help. */
export const formHelp = (input: HelpInput): string => {
  const files = filesSection(input)
  return writePage(
    input,
    'HTML forms: POST /form',
    files === '' ? formSection(input) : `${formSection(input)}\n\n## Files\n\n${files}`,
  )
}

/** GET /<token>/batch?help. */
export const batchHelp = (input: HelpInput): string =>
  writePage(input, 'many records at once: POST /batch', batchSection(input))
