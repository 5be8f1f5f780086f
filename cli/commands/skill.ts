import { defineSvcCommand } from '../command.ts'
import { usageError } from '../errors.ts'
import { result, table } from '../output.ts'
// Names and summaries only: the documents (and the schemas they are built from) load when one is asked for.
import { isSkillModule, SKILL_MODULES, SKILL_SUMMARIES } from '../../server/contract/skills/modules.ts'
import { asProgram } from '../program.ts'

export default defineSvcCommand({
  description: `Print the rules of a module (${SKILL_MODULES.join(', ')}); without one, list them`,
  example: 'svc-cli skill form',
  effect: 'read',
  args: {
    module: {
      type: 'positional',
      required: false,
      description: `One of ${SKILL_MODULES.join(', ')}`,
      valueHint: 'module',
    },
  },
  async run(args) {
    if (!args.module) {
      const modules = SKILL_MODULES.map((name) => ({ module: name, summary: SKILL_SUMMARIES[name] }))
      return result(
        { modules },
        (style) =>
          `${table(style, modules, { module: (m) => m.module, about: (m) => m.summary })}\n\n${asProgram('Read one with: svc-cli skill <module>', style.program)}`,
      )
    }
    if (!isSkillModule(args.module))
      throw usageError(`No skill "${args.module}"; choose one of ${SKILL_MODULES.join(', ')}`)
    const { skillDocument } = await import('../../server/contract/skills/index.ts')
    const markdown = skillDocument(args.module)
    // The document's commands, like every hint, name the CLI as it was started.
    return result({ module: args.module, markdown }, (style) => asProgram(markdown, style.program))
  },
})
