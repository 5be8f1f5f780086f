/**
 * @module The form's page layout (share setting `pages`, stored as `{"pages": [...]}` in the
 * endpoint's `form_layout`): page i+1 is entry i, with a title the fill-in page shows as the
 * page's heading and in its progress ("Page 2 of 3: Details"), a `showIf` that skips the
 * whole page (its questions then count as not asked), and titles in other languages. A page
 * condition may only name fields on earlier pages; that is checked against the app's fields
 * when the layout is saved (pageLayoutProblems).
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { quoteList, type Problem } from '../errors.ts'
import { pagesOf } from '../fields/page-check.ts'
import { showIfProblems, conditionsOf, type ConditionedField } from '../fields/show-if-check.ts'
import { showIfSchema, type ShowIf } from '../fields/show-if.ts'
import { LIMITS } from '../limits.ts'

const { maxPages: MAX_PAGES, maxPageTitle: MAX_TITLE, maxPageTranslations: MAX_TRANSLATIONS } = LIMITS

/** One page of the layout. */
export interface PageLayout {
  /** The page's heading; '' for none. */
  title: string
  showIf?: ShowIf
  /** The title in other languages, by language tag (`fr`, `pt-BR`). */
  translations?: Record<string, { title: string }>
}

/** A language tag as a page's translations name it: `fr`, `pt-BR`, `zh-Hans`. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/

const titleSchema = z
  .string({ error: expect('a string') })
  .trim()
  .max(MAX_TITLE, `can have at most ${MAX_TITLE} characters`)

const translationsSchema = z
  .record(z.string(), z.strictObject({ title: titleSchema }, { error: expect('an object {"title": "…"}') }), {
    error: expect('an object of language tags, e.g. {"fr": {"title": "Détails"}}'),
  })
  .superRefine((all, issues) => {
    const tags = Object.keys(all)
    for (const tag of tags)
      if (!LANGUAGE_TAG.test(tag))
        issues.addIssue({ code: 'custom', path: [tag], message: 'must be a language tag such as fr or pt-BR' })
    if (tags.length > MAX_TRANSLATIONS)
      issues.addIssue({ code: 'custom', message: `can hold at most ${MAX_TRANSLATIONS} languages` })
  })
  .meta({ description: 'The title in other languages, by language tag', example: { fr: { title: 'Détails' } } })

export const pageLayoutSchema = z.strictObject(
  {
    title: titleSchema.default('').meta({
      description: `The page's heading, shown above its questions and in the progress; at most ${MAX_TITLE} characters`,
    }),
    showIf: showIfSchema.optional().meta({
      description:
        'Show this page only when earlier answers meet the conditions (fields on earlier pages only); a page skipped counts all its questions as not asked',
    }),
    translations: translationsSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown properties ${quoteList(issue.keys)}; allowed: title, showIf, translations`
        : issue.input === undefined
          ? 'is required'
          : 'must be an object {title, showIf, translations}',
  },
)

/** What the `pages` setting does (the API, the CLI and ?help say it alike). */
export const PAGES_MEANING = `The form's pages, in order (page 1 first): a title each and, optionally, a showIf that skips the page when earlier answers do not meet it; at most ${MAX_PAGES} pages. [] or null clears them`

export const pagesSchema = z
  .array(pageLayoutSchema, { error: expect('a list of pages [{"title": "…"}], or null') })
  .max(MAX_PAGES, `can describe at most ${MAX_PAGES} pages`)
  .nullable()
  .meta({
    description: PAGES_MEANING,
    example: [
      { title: 'About you' },
      { title: 'Details', showIf: { all: [{ field: 'happy', op: 'eq', value: 'no' }] } },
    ],
  })

/** The stored `form_layout` text of `pages`; null for none. */
export const formLayoutText = (pages: readonly PageLayout[] | null): string | null =>
  pages === null || pages.length === 0 ? null : JSON.stringify({ pages })

/** The pages stored in `form_layout`; none when it is null or holds something else. */
export function pagesOfLayout(text: string | null): PageLayout[] {
  if (text === null) return []
  try {
    const layout = JSON.parse(text) as { pages?: unknown }
    return Array.isArray(layout.pages) ? (layout.pages as PageLayout[]) : []
  } catch {
    return []
  }
}

/** The condition of each page (page i+1 at i; null for none), as the evaluator takes them. */
export const pageConditionsOf = (pages: readonly PageLayout[]): (ShowIf | null)[] =>
  pages.map((page) => page.showIf ?? null)

/**
 * The problems of the pages' conditions against the app's `fields` (form order): each
 * condition names a field on an earlier page, with an operator and values that fit it.
 * Paths are `pages.<i>.showIf.all.<j>.field`.
 */
export function pageLayoutProblems(fields: readonly ConditionedField[], pages: readonly PageLayout[]): Problem[] {
  const onPage = pagesOf(fields)
  return pages.flatMap((page, i) => {
    if (!page.showIf) return []
    const number = i + 1
    const { key, conditions } = conditionsOf(page.showIf)
    const earlier = fields.filter((_, at) => onPage[at] < number)
    const later = conditions.flatMap((condition, j): Problem[] => {
      const at = fields.findIndex((field) => field.name === condition.field)
      if (at < 0 || onPage[at] < number) return []
      return [
        {
          path: `pages.${i}.showIf.${key}.${j}.field`,
          message: `names ${JSON.stringify(condition.field)}, which is on page ${onPage[at]}; a page's condition can only look at fields on earlier pages (before page ${number})`,
        },
      ]
    })
    if (later.length > 0) return later
    // The page checked as a question after the fields of the pages before it.
    const probe: ConditionedField = { name: '\u0000page', type: 'text', options: null, showIf: page.showIf }
    return showIfProblems([...earlier, probe], earlier.length).map((problem) => ({
      ...problem,
      path: `pages.${i}.${problem.path}`,
    }))
  })
}
