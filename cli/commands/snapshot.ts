import { defineSvcCommand } from '../command.ts'
import { result } from '../output.ts'
import { buildSnapshot } from '../snapshot/build.ts'
import { SECTION_NAMES } from '../snapshot/sections.ts'
import { appArg } from './_shared.ts'

export default defineSvcCommand({
  description: "Every module's state of an app in one document (JSON or Markdown)",
  example: 'svc-cli snapshot --app 0193… --format markdown',
  effect: 'read',
  // With auto-create on, field names come from records the public sent.
  untrusted: true,
  args: {
    ...appArg,
    format: {
      type: 'enum',
      options: ['json', 'markdown'],
      default: 'markdown',
      description: 'Human output format (--json always prints JSON)',
      valueHint: 'format',
    },
    module: {
      type: 'enum',
      options: SECTION_NAMES,
      description: `Only one section: ${SECTION_NAMES.join(', ')}`,
      valueHint: 'module',
    },
    detail: {
      type: 'enum',
      options: ['summary', 'full'],
      default: 'full',
      description: 'summary keeps it short',
      valueHint: 'detail',
    },
  },
  async run(args, env) {
    const { snapshot, markdown } = await buildSnapshot(env.client(), args.app, {
      module: args.module,
      detail: args.detail as 'summary' | 'full',
    })
    return result(snapshot, () => (args.format === 'json' ? JSON.stringify(snapshot, null, 2) : markdown))
  },
})
