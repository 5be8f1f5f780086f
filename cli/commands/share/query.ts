import { defineSvcCommand, intArg } from '../../command.ts'
import { idsResult } from '../../listing.ts'
import { result, table, type Style } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { SvcRecord } from '../../../server/contract/api/records.ts'
import { appArg, filterArg, quietArg, spamArg } from '../_shared.ts'

/** A record as the pages hold it (`spam: true` only on records flagged as spam, with `--spam include|only`). */
export type RecordRow = SvcRecord

/** A table of records: created time, a spam column when any is spam (with its reason codes, meta.spamReasons), plus the first data keys seen. */
export const recordTable = (records: RecordRow[], style: Style) => {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r.data)))].slice(0, 8)
  const columns: Record<string, (r: RecordRow) => unknown> = { created: (r) => r.createdAt }
  if (records.some((r) => r.spam)) columns.spam = (r) => (r.spam ? spamText(r) : '')
  for (const key of keys) columns[key] = (r) => (Object.hasOwn(r.data, key) ? r.data[key] : null)
  columns.id = (r) => r.id
  return table(style, records, columns, 'No records.')
}

/** `spam: honeypot, challenge_missing`, or `spam` for a record stored before reasons were kept. */
const spamText = (record: RecordRow): string =>
  record.meta.spamReasons && record.meta.spamReasons.length > 0 ? `spam: ${record.meta.spamReasons.join(', ')}` : 'spam'

export default defineSvcCommand({
  description: 'Read records of an app: one page, or every record with --all (oldest first)',
  example: 'svc-cli share query --app 0193… --all --json > records.json',
  effect: 'read',
  untrusted: true,
  args: {
    ...appArg,
    page: { type: 'string', description: 'Page number, from 1', valueHint: 'n' },
    size: {
      type: 'string',
      alias: 'limit',
      description: `Records per page, 1–${LIMITS.maxPageSize} (default ${LIMITS.defaultPageSize})`,
      valueHint: 'n',
    },
    all: { type: 'boolean', description: `Read every record (pages of ${LIMITS.maxPageSize} until a short page)` },
    ...spamArg,
    ...filterArg,
    ...quietArg,
  },
  async run(args, env) {
    const client = env.client()
    const params = { id: args.app }
    const spam = args.spam === 'exclude' ? undefined : args.spam
    const filter = args.filter
    if (!args.all) {
      const query = {
        page: intArg(args.page, 'page', 1, Number.MAX_SAFE_INTEGER),
        size: intArg(args.size, 'size', 1, LIMITS.maxPageSize),
        spam,
        filter,
      }
      const page = await client.call('records.list', { params, query })
      const more = Math.max(0, page.total - (page.page - 1) * page.size - page.records.length)
      const notice =
        more > 0
          ? `${more} more — use --page ${page.page + 1}${args.size === undefined ? '' : ` --size ${page.size}`}`
          : undefined
      if (args.quiet) return { ...idsResult(page.records.map((r) => r.id)), notice }
      const of = filter === undefined ? `${page.total} records` : `${page.total} matching records`
      return {
        ...result(
          page,
          (style) => `${recordTable(page.records, style)}\n\nPage ${page.page} · ${page.records.length} of ${of}`,
        ),
        notice,
      }
    }
    // The read-all protocol: new records only append to the last page, so full pages of
    // the maximum size never shift; the first short page is the end.
    const records: RecordRow[] = []
    const size = LIMITS.maxPageSize
    for (let page = 1; ; page++) {
      const batch = await client.call('records.list', { params, query: { page, size, spam, filter } })
      records.push(...batch.records)
      env.progress(`read ${records.length} records`)
      if (batch.records.length < size) break
    }
    env.progressDone()
    if (args.quiet) return idsResult(records.map((r) => r.id))
    const data = { records, total: records.length }
    return result(data, (style) => `${recordTable(records, style)}\n\n${records.length} records`)
  },
})
