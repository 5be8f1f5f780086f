import { defineSvcCommand, jsonArg } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { checkInput } from '../../validate.ts'
import { previewReportSchema, REPORT_FORMATS } from '../../../server/contract/reports/schemas.ts'

export default defineSvcCommand({
  description: 'Render the report for given answers as text or HTML (nothing is stored)',
  example: `svc-cli report preview --app 0193… --answers '{"q1":"4","q2":"2"}' --format text`,
  effect: 'read',
  flagFor: { data: '--answers' },
  args: {
    ...appArg,
    answers: {
      type: 'string',
      description: 'Answers as a JSON object by field name; default: stdin',
      valueHint: 'json',
    },
    format: {
      type: 'enum',
      options: [...REPORT_FORMATS],
      description: 'text (default) or html',
      valueHint: 'text|html',
    },
  },
  async run(args, env) {
    const raw = args.answers ?? (env.io.stdin.isTTY ? undefined : await env.io.stdin.read())
    if (raw === undefined || raw.trim() === '')
      throw usageError(`No answers given: pass --answers '{"q1":"4"}' or pipe JSON into stdin`)
    const body = { data: jsonArg(raw, 'answers') as Record<string, unknown>, format: args.format }
    const data = await env
      .client()
      .call('reports.preview', { params: { id: args.app }, body: checkInput(previewReportSchema, body) })
    return result(data, () => data.content)
  },
})
