import { defineSvcCommand } from '../command.ts'
import { usageError } from '../errors.ts'
import { result } from '../output.ts'
import { asProgram } from '../program.ts'
import { VERSION } from '../../server/contract/version.ts'

const SHELLS = ['bash', 'zsh', 'fish'] as const
type Shell = (typeof SHELLS)[number]

export default defineSvcCommand({
  description: 'Print a completion script for bash, zsh or fish (commands, flags and their values)',
  example: 'svc-cli completion bash > ~/.local/share/bash-completion/completions/svc-cli',
  effect: 'read',
  args: {
    shell: { type: 'positional', required: true, description: `One of ${SHELLS.join(', ')}`, valueHint: 'shell' },
  },
  async run(args, env) {
    const shell = args.shell as Shell
    if (!SHELLS.includes(shell))
      throw usageError(`No completion for "${args.shell}"; choose one of ${SHELLS.join(', ')}`, [
        { flag: '<shell>', message: `must be one of ${SHELLS.join(', ')}` },
      ])
    // Loaded here: the model walks (and so loads) every command of the tree it runs in, which no other command needs.
    const { completionModel } = await import('../completion/model.ts')
    const places = await completionModel(env.root)
    const { bashScript } = await import('../completion/bash.ts')
    const { zshScript } = await import('../completion/zsh.ts')
    const { fishScript } = await import('../completion/fish.ts')
    const program = env.io.program
    // Descriptions name commands too (`then: svc-cli auth login …`): the whole script says the name it completes.
    const script = asProgram(
      { bash: bashScript, zsh: zshScript, fish: fishScript }[shell](places, VERSION, program),
      program,
    )
    return result({ shell, script }, () => script)
  },
})
