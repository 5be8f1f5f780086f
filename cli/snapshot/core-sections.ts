/**
 * @module The snapshot sections of the collection modules: app, fields, share, counts.
 */
import type { FieldList } from '../../server/contract/api/fields.ts'
import type { Share } from '../../server/contract/api/share.ts'
import { cachedCall, mdCell, type SnapshotSection } from './section.ts'

export const appSection: SnapshotSection<{
  id: string
  name: string
  description: string
  createdAt: string
  updatedAt: string
}> = {
  name: 'app',
  async load(client, appId, shared) {
    const app = await cachedCall(shared, client, 'apps.get', { params: { id: appId } })
    return {
      id: app.id,
      name: app.name,
      description: app.description,
      createdAt: app.createdAt,
      updatedAt: app.updatedAt,
    }
  },
  markdown: (app) =>
    `# ${app.name}\n\n${app.description || '_No description._'}\n\n- id: \`${app.id}\`\n- created: ${app.createdAt}\n- updated: ${app.updatedAt}`,
}

export const fieldsSection: SnapshotSection<FieldList> = {
  name: 'fields',
  load: (client, appId, shared) => cachedCall(shared, client, 'fields.list', { params: { id: appId } }),
  brief: (data) => ({
    limit: data.limit,
    fields: data.fields.map((f) => ({
      name: f.name,
      type: f.type,
      required: f.required,
      options: f.options,
      ...(f.proposed ? { proposed: true } : {}),
    })),
  }),
  markdown(data, detail) {
    const head = `## Fields (${data.fields.length} of ${data.limit})`
    if (data.fields.length === 0) return `${head}\n\nNo fields yet.`
    const rows = data.fields.map((f) =>
      detail === 'full'
        ? `| ${f.position} | ${mdCell(f.name)}${f.proposed ? ' (proposed)' : ''} | ${f.type} | ${f.required ? 'yes' : ''} | ${mdCell(f.options)} | ${mdCell(f.label)} | ${f.autoCreated ? 'yes' : ''} |`
        : `| ${mdCell(f.name)}${f.proposed ? ' (proposed)' : ''} | ${f.type} | ${f.required ? 'yes' : ''} | ${mdCell(f.options)} |`,
    )
    const header =
      detail === 'full'
        ? '| # | name | type | required | options | label | auto-created |\n|---|---|---|---|---|---|---|'
        : '| name | type | required | options |\n|---|---|---|---|'
    return `${head}\n\n${header}\n${rows.join('\n')}`
  },
}

export const shareSection: SnapshotSection<Share> = {
  name: 'share',
  load: (client, appId, shared) => cachedCall(shared, client, 'share.get', { params: { id: appId } }),
  brief: (s) => ({
    published: s.published,
    endpoint: s.endpoint,
    service: s.service,
    reads: s.reads,
    autoCreate: s.autoCreate,
    ...(s.warnings ? { warnings: s.warnings } : {}),
  }),
  markdown(s, detail) {
    const lines = [
      `- published: ${s.published ? `yes (since ${s.publishedAt})` : 'no'}`,
      `- endpoint: ${s.endpoint ?? '(none until published)'}`,
      `- writes: ${s.service ? 'on' : 'off'} · reads: ${s.reads} · auto-create: ${s.autoCreate ? 'on' : 'off'}`,
      ...(s.warnings ?? []).map((warning) => `- **warning:** ${warning}`),
    ]
    if (detail === 'full')
      lines.push(
        `- honeypot: ${s.honeypot}`,
        `- rate limit: ${s.rateLimit ?? `${s.effectiveRateLimit} (server default)`}`,
        `- redirect origins: ${s.redirectOrigins.join(', ') || 'none'}`,
      )
    return `## Share\n\n${lines.join('\n')}`
  },
}

export const countsSection: SnapshotSection<{
  records: number
  spam: number
  fields: number
  lastRecordAt: string | null
}> = {
  name: 'counts',
  async load(client, appId, shared) {
    const app = await cachedCall(shared, client, 'apps.get', { params: { id: appId } })
    return { records: app.recordCount, spam: app.spamCount, fields: app.fieldCount, lastRecordAt: app.lastRecordAt }
  },
  markdown: (c) =>
    `## Counts\n\n- records: ${c.records} (spam: ${c.spam})\n- fields: ${c.fields}\n- last record: ${c.lastRecordAt ?? 'none yet'}`,
}
