/**
 * @module What the fill-in page shows for an app: its name, description, fields in order
 * and theme, read without an ownership check (the endpoint token is the permission).
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context.ts'
import { apps } from '../db/schema.ts'
import { themeOf } from '../core/connect/connect.ts'
import { fieldRowsOf } from '../core/fields/view.ts'
import type { FieldType } from '../core/limits.ts'
import type { FillInPage } from '../pages/fill-in.ts'

/** The page data for `appId`, posting back to `/f/<token>`. */
export function fillInPageData(ctx: AppContext, appId: string, token: string, honeypot: string): FillInPage {
  const app = ctx.store.db.select({ name: apps.name, description: apps.description }).from(apps).where(eq(apps.id, appId)).get()
  return {
    appName: app?.name ?? '',
    description: app?.description ?? '',
    action: `/f/${encodeURIComponent(token)}`,
    fields: fieldRowsOf(ctx.store.db, appId).map((row) => ({
      name: row.name,
      type: row.type as FieldType,
      label: row.label,
      required: row.required,
      options: row.options === null ? null : (JSON.parse(row.options) as string[]),
    })),
    theme: themeOf(ctx, appId),
    honeypot,
  }
}
