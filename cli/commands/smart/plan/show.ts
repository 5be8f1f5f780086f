import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { getPlan } from '../_api.ts'
import { planMarkdown } from '../_view.ts'

export default defineSvcCommand({
  description: 'Show a plan: as Markdown to review, or as the JSON document to edit (`--format json > plan.json`)',
  example: 'svc-cli smart plan show --plan 0193… --format json > plan.json',
  effect: 'read',
  args: {
    plan: { type: 'string', required: true, description: 'Plan id', valueHint: 'id' },
    format: {
      type: 'enum',
      options: ['markdown', 'json'],
      default: 'markdown',
      description: 'markdown (to read) or json (the plan document, ready for `smart plan edit`)',
      valueHint: 'format',
    },
  },
  async run(args, env) {
    const stored = await getPlan(env.client(), args.plan)
    return result(stored, () => (args.format === 'json' ? JSON.stringify(stored.plan, null, 2) : planMarkdown(stored)))
  },
})
