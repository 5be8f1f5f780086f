import { defineSvcCommand } from '../../command.ts'
import { cell, details, result, table } from '../../output.ts'
import type { FieldSummary } from '../../../server/contract/api/records.ts'
import { formatBytes } from '../../../server/contract/files/model.ts'
import { appArg } from '../_shared.ts'

/** One short line describing a field's aggregate (numbers, top values, true/false or files). */
function describe(summary: FieldSummary): string {
  if (summary.files) {
    const { files, bytes } = summary.files
    return `${files} file${files === 1 ? '' : 's'}${bytes === null ? '' : ` · ${formatBytes(bytes)}`}`
  }
  if (typeof summary.mean === 'number')
    return `min ${summary.min} · max ${summary.max} · mean ${Number(summary.mean.toFixed(3))}`
  if (typeof summary.true === 'number') return `true ${summary.true} · false ${summary.false}`
  if (summary.top)
    return summary.top
      .slice(0, 5)
      .map((t) => `${cell(t.value)} (${t.count})`)
      .join(', ')
  return ''
}

export default defineSvcCommand({
  description: "Aggregates over an app's records: totals, per-field counts, numbers, top values, files",
  example: 'svc-cli share summary --app 0193…',
  effect: 'read',
  untrusted: true,
  args: { ...appArg },
  async run(args, env) {
    const summary = await env.client().call('records.summary', { params: { id: args.app } })
    return result(summary, (style) => {
      const rows = Object.entries(summary.fields ?? {}).map(([name, s]) => ({ name, ...s }))
      const head = details(style, {
        records: summary.total,
        spam: summary.spam,
        first: summary.firstAt,
        last: summary.lastAt,
      })
      return `${head}\n\n${table(style, rows, { field: (r) => r.name, type: (r) => r.type, count: (r) => r.count, missing: (r) => r.missing, values: (r) => describe(r) }, 'No fields.')}`
    })
  },
})
