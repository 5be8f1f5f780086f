/**
 * @module The page conditions (share setting `pages`, contract/share/pages.ts) kept true when
 * fields change: a field moved, renamed, retyped, put on another page or the fields
 * reordered so that a page's condition would name a field on its own or a later page, or a
 * value the field no longer holds, is refused naming that page; a field a page's condition
 * names is not removed (409). So a stored page condition always names a field of an earlier page.
 */
import { AppError, type Problem } from '../../contract/errors.ts'
import type { ConditionedField } from '../../contract/fields/show-if-check.ts'
import { conditionsOf } from '../../contract/fields/show-if-check.ts'
import { pageLayoutProblems, pagesOfLayout, type PageLayout } from '../../contract/share/pages.ts'
import type { AppContext } from '../context.ts'

/** The app's page layout as stored; [] for none. */
export async function layoutPages(ctx: AppContext, appId: string): Promise<PageLayout[]> {
  return pagesOfLayout((await ctx.storage.share.endpoint(appId))?.formLayout ?? null)
}

/** The page conditions `fields` (form order, as after a change) would break, said under `cause`, the change's key. */
export function brokenPageConditions(
  fields: readonly ConditionedField[],
  pages: readonly PageLayout[],
  cause: string,
): Problem[] {
  if (!pages.some((page) => page.showIf)) return []
  return pageLayoutProblems(fields, pages).map((problem) => ({
    path: cause,
    message: `would break the condition of page ${Number(problem.path.split('.')[1]) + 1} (${problem.path}: ${problem.message}); change the pages first`,
  }))
}

/** 409 `conflict` for removing a field that a page's condition names. */
export function assertNoPageNames(pages: readonly PageLayout[], name: string): void {
  const naming = pages.flatMap((page, i) =>
    page.showIf && conditionsOf(page.showIf).conditions.some((c) => c.field === name) ? [i + 1] : [],
  )
  if (naming.length === 0) return
  throw new AppError(
    'conflict',
    `Page ${naming.join(', page ')} ${naming.length === 1 ? 'is' : 'are'} shown only on a condition naming ${JSON.stringify(name)}; change the pages (share setting pages) first`,
    { pages: naming },
  )
}
