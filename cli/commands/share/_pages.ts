/**
 * @module The flag of `share set` that sets the form's page layout: `--pages` with the pages
 * inline as JSON (titles and page conditions, contract/share/pages.ts), or off to clear them,
 * and the share settings body it makes. The server's schema checks the pages.
 */
import type { ArgsDef } from 'citty'
import { usageError } from '../../errors.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { PageLayout } from '../../../server/contract/share/pages.ts'

export const pagesArgs = {
  pages: {
    type: 'string',
    description: `The form's pages as JSON, page 1 first: [{"title":"About you"},{"title":"Details","showIf":{"all":[{"field":"happy","op":"eq","value":"no"}]}}] (at most ${LIMITS.maxPages}); off clears them`,
    valueHint: 'json|off',
  },
} as const satisfies ArgsDef

/** `--pages '[{"title":"About you"}]'`: the JSON list as it is (the server checks it), or off (null). */
function pagesArg(raw: string | undefined): PageLayout[] | null | undefined {
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (['off', 'none', ''].includes(text.toLowerCase())) return null
  try {
    return JSON.parse(text) as PageLayout[]
  } catch {
    throw usageError(`--pages must be a JSON list such as '[{"title":"About you"},{"title":"Details"}]', or off`)
  }
}

/** The share settings the pages flag asks for (undefined when it is not given). */
export const pagesBody = (args: { pages?: string }) => ({ pages: pagesArg(args.pages) })

/** How the pages read in `share status`: their titles, a page shown on a condition marked so. */
export function pagesLine(pages: readonly PageLayout[]): string {
  if (pages.length === 0) return 'no page titles'
  return pages
    .map((page, i) => `${i + 1}. ${page.title || '(untitled)'}${page.showIf ? ' (on a condition)' : ''}`)
    .join('; ')
}
