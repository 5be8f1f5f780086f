/**
 * @module How an app reads in a terminal; shared by the app commands.
 */
import { details, table, type Style } from '../../output.ts'
import type { App } from '../../../server/contract/api/apps.ts'

export type { App }

export const appDetails = (app: App) => (style: Style) =>
  details(style, {
    id: app.id,
    name: app.name,
    description: app.description || '-',
    fields: app.fieldCount,
    records: app.recordCount,
    spam: app.spamCount,
    'last record': app.lastRecordAt,
    published: app.published ? 'yes' : 'no',
    created: app.createdAt,
    updated: app.updatedAt,
  })

export const appTable = (apps: App[]) => (style: Style) =>
  table(
    style,
    apps,
    {
      id: (a) => a.id,
      name: (a) => a.name,
      fields: (a) => a.fieldCount,
      records: (a) => a.recordCount,
      published: (a) => (a.published ? 'yes' : 'no'),
      'last record': (a) => a.lastRecordAt,
    },
    'No apps yet. Create one with: svc-cli app create --name "Contact form"',
  )
