import { defineSvcCommand, intArg } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { AUDIT_PAGE } from '../../../server/contract/audit/model.ts'
import type { AuditPage } from '../../../server/contract/api/audit.ts'
import { appArg } from '../_shared.ts'
import { auditTable } from './_view.ts'
import { auditTime, TIME_FORMS } from './_time.ts'

const timeArg = (description: string) =>
  ({ type: 'string', description: `${description}: ${TIME_FORMS}`, valueHint: 'time' }) as const

export default defineSvcCommand({
  description:
    "Show the audit log, newest first: who changed an app's data, access and settings with --app (its admins and owner), else what your own account did, its log-ins included",
  example: 'svc-cli audit list --app Survey --action share. --since 7d',
  effect: 'read',
  args: {
    app: { ...appArg.app, required: false, description: `${appArg.app.description}; without it, your account's log` },
    actor: {
      type: 'string',
      description: 'Only what this person did: an e-mail address or a user id',
      valueHint: 'who',
    },
    action: {
      type: 'string',
      description: 'Only this action (share.update), or every action starting so when it ends in a dot (share.)',
      valueHint: 'action',
    },
    since: timeArg('Only entries at or after this time'),
    until: timeArg('Only entries before this time'),
    limit: {
      type: 'string',
      description: `Entries per page, 1–${AUDIT_PAGE.maxSize} (default ${AUDIT_PAGE.defaultSize})`,
      valueHint: 'n',
    },
    cursor: { type: 'string', description: 'Start after the page that gave this nextCursor', valueHint: 'cursor' },
    all: { type: 'boolean', description: `Every entry (pages of ${AUDIT_PAGE.maxSize} until the last)` },
  },
  async run(args, env) {
    const limit = intArg(args.limit, 'limit', 1, AUDIT_PAGE.maxSize)
    if (args.all && limit !== undefined) throw usageError('Pass --limit or --all, not both')
    const now = Date.now()
    const since = args.since === undefined ? undefined : auditTime(args.since, '--since', now)
    const until = args.until === undefined ? undefined : auditTime(args.until, '--until', now)
    if (since && until && since >= until)
      throw usageError(`--since (${since}) must be before --until (${until}), or no entry can match`)
    const filters = { actor: args.actor, action: args.action, since, until }
    const client = env.client()
    const read = (query: { limit?: number; cursor?: string }): Promise<AuditPage> =>
      args.app === undefined
        ? client.call('audit.account', { query: { ...filters, ...query } })
        : client.call('audit.app', { params: { id: args.app }, query: { ...filters, ...query } })
    const filtered = Object.values(filters).some((value) => value !== undefined)
    const empty = filtered ? 'No audit entries match.' : 'No audit entries yet.'
    if (!args.all) {
      const page = await read({ limit, cursor: args.cursor })
      const notice = page.nextCursor
        ? `More entries — use --cursor ${page.nextCursor}, or --all for every one`
        : undefined
      return { ...result(page, auditTable(page.entries, empty)), notice }
    }
    // Every page: the cursor holds the place, so entries logged meanwhile (newer) never shift it.
    const entries: AuditPage['entries'] = []
    let cursor = args.cursor
    do {
      const page = await read({ limit: AUDIT_PAGE.maxSize, cursor })
      entries.push(...page.entries)
      env.progress(`read ${entries.length} entries`)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    env.progressDone()
    const data: AuditPage = { entries, nextCursor: null }
    return result(data, auditTable(entries, empty))
  },
})
