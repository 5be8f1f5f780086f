/**
 * @module What the fill-in page shows of an app: its name, description, fields in order
 * and theme, read without an ownership check (the endpoint token is the permission).
 */
import type { AppContext } from '../context.ts'
import { fieldRowsOf } from '../fields/view.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { themeOf } from './connect.ts'
import type { Theme } from '../../contract/connect/schemas.ts'
import type { FileOptions } from '../../contract/files/model.ts'
import { storedFileOptions } from '../fields/file-settings.ts'
import { storedTypeSettings } from '../fields/type-settings.ts'
import type { TypeSettings } from '../../contract/fields/type-settings.ts'
import type { FieldForm } from '../../contract/fields/form.ts'
import { storedForm } from '../fields/form-settings.ts'
import { pagesOf } from '../../contract/fields/page-check.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'
import { pagesOfLayout, type PageLayout } from '../../contract/share/pages.ts'

/** The parts of a field the page shows; its type's own settings (a rating's `max`) and form settings (help, rules…) at the top level, as the API's Field has them. */
export interface FillInField extends TypeSettings, FieldForm {
  name: string
  type: FieldType
  label: string
  required: boolean
  options: string[] | null
  /** A file field's options (how many files, how large, which kinds); absent for other types. */
  file?: FileOptions
  /** The condition of the page it is on (contract/share/pages.ts); absent when the page has none. */
  pageIf?: ShowIf
  /** The labels its options are shown with in the page's language, in the options' order (its translation's); absent in the default language. */
  optionLabels?: string[]
}

/** The content of an app's fill-in page; the page adds where it posts and the honeypot. */
export interface FillInForm {
  appName: string
  description: string
  fields: FillInField[]
  /** The form's page layout (page i+1 at i): titles and conditions; [] for none. */
  pages: PageLayout[]
  theme: Theme
}

/** The fill-in content of `appId`; an unknown app has an empty name and no fields. */
export async function fillInForm(ctx: AppContext, appId: string): Promise<FillInForm> {
  const app = await ctx.storage.apps.byId(appId)
  const pages = pagesOfLayout((await ctx.storage.share.endpoint(appId))?.formLayout ?? null)
  // Only the fields the owner made or accepted: a stranger's keys never become questions.
  const fields: FillInField[] = (await fieldRowsOf(ctx, appId))
    .filter((row) => !row.proposed)
    .map((row) => ({
      name: row.name,
      type: row.type as FieldType,
      label: row.label,
      required: row.required,
      options: row.options === null ? null : (JSON.parse(row.options) as string[]),
      ...(row.type === 'file' ? { file: storedFileOptions(row.settings) } : {}),
      ...storedTypeSettings(row.type as FieldType, row.settings),
      ...storedForm(row.form),
    }))
  const onPage = pagesOf(fields)
  return {
    appName: app?.name ?? '',
    description: app?.description ?? '',
    fields: fields.map((field, i) => {
      const pageIf = pages[onPage[i] - 1]?.showIf
      return pageIf ? { ...field, pageIf } : field
    }),
    pages,
    theme: await themeOf(ctx, appId),
  }
}
