/**
 * The CLI names itself as it was started: the single executable installed as `svc` says
 * `svc` in its help, examples, error hints, view hints, completion scripts and MCP texts, so
 * that whatever it prints can be pasted back. (test/process/executable.test.ts runs the real
 * executable under both names; here the same run goes in-process with the name given.)
 */
import { describe, expect, test } from 'bun:test'
import { ROOT } from '../../cli/commands/index.ts'
import { asProgram, programName } from '../../cli/program.ts'
import { listLeaves } from '../../cli/tree.ts'
import { inProcessMcp, resultText } from '../mcp/in-process.ts'
import { cliAccount, cliInProcess } from '../support/server.ts'

const leaves = await listLeaves(ROOT)
/** `svc-cli` as a command word; the default token name `"svc-cli on <hostname>"` is a name, not a command. */
const commandWord = (text: string) => /(?<![\w./"'@-])svc-cli(?![\w-])/.test(text)

describe('the program name', () => {
  test.each([
    ['svc', true, 'svc'],
    ['/usr/local/bin/svc', true, 'svc'],
    ['./svc-cli', true, 'svc-cli'],
    ['/opt/svc/svc-prod', true, 'svc-prod'],
    ['svc.exe', true, 'svc'],
    ['/home/me/node_modules/.bin/bun', false, 'svc-cli'],
  ])('argv[0] %p (single executable: %p) names it %p', (argv0, standalone, name) => {
    expect(programName(argv0, standalone)).toBe(name)
  })

  test.each([
    ['Run `svc-cli auth login`.', 'Run `svc auth login`.'],
    ['curl -d @r.json "$(svc-cli share url --app x)"', 'curl -d @r.json "$(svc share url --app x)"'],
    ['Use svc-cli <command> --help', 'Use svc <command> --help'],
    ['(svc-cli v0.1.0)', '(svc v0.1.0)'],
    ['default "svc-cli on <hostname>"', 'default "svc-cli on <hostname>"'],
    ['completions/svc-cli and _svc-cli and svc-cli.fish', 'completions/svc-cli and _svc-cli and svc-cli.fish'],
  ])('%p reads %p', (text, named) => {
    expect(asProgram(text, 'svc')).toBe(named)
    expect(asProgram(text, 'svc-cli')).toBe(text)
  })
})

describe('run as svc', () => {
  test('svc --help: usage, commands, example and flags say svc', async () => {
    const run = await cliInProcess(['--help'], { program: 'svc' })
    expect(run.code).toBe(0)
    expect(run.stdout).toStartWith('Collect records through svc endpoints and manage apps, fields and sharing (svc v')
    expect(run.stdout).toContain('\nUSAGE svc auth|app|field|')
    expect(run.stdout).toContain('\nUse svc <command> --help for more information about a command.\n')
    expect(run.stdout).toContain('\n  svc auth login --with-token < token.txt   then   svc app list\n')
    expect(commandWord(run.stdout)).toBe(false)
  })

  test.each(leaves.map((leaf) => [leaf.path.join(' '), leaf] as const))(
    'svc %s --help names svc in its usage and example',
    async (name, leaf) => {
      const run = await cliInProcess([...leaf.path, '--help'], { program: 'svc' })
      expect(run.code).toBe(0)
      expect(run.stdout).toContain(`(svc ${name})`)
      expect(run.stdout).toContain(`EXAMPLE\n\n  ${asProgram(leaf.command.svc.example, 'svc')}\n`)
      expect(commandWord(run.stdout)).toBe(false)
    },
  )

  test('usage errors and their hints say svc, in text and in --json', async () => {
    const typo = await cliInProcess(['ap', 'list'], { program: 'svc' })
    expect([typo.code, typo.stderr]).toEqual([
      2,
      'error: Unknown command "ap" for svc. Did you mean "app"? Run `svc --help` to see the commands.\n',
    ])
    const flag = await cliInProcess(['app', 'list', '--limt', '5'], { program: 'svc' })
    expect(flag.stderr).toBe(
      'error: Unknown flag "--limt" for svc app list. Did you mean --limit?\nRun `svc app list --help` for usage.\n',
    )
    const json = await cliInProcess(['ap', 'list', '--json'], { program: 'svc' })
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'usage',
        message: 'Unknown command "ap" for svc. Did you mean "app"? Run `svc --help` to see the commands.',
        details: {
          problems: [
            {
              command: 'ap',
              message: 'unknown command; run `svc --help` to see the commands',
              didYouMean: 'app',
            },
          ],
        },
      },
    })
  })

  test('a server that cannot be reached: the hint to start one says `svc serve`', async () => {
    const run = await cliInProcess(['app', 'list', '--server', 'http://127.0.0.1:9'], {
      program: 'svc',
      env: { SVC_TOKEN: 'svc_pat_x' },
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^error: Could not reach svc at http:\/\/127\.0\.0\.1:9 \(.+\)\. Start it with `svc serve`, or point to it with --server or SVC_URL\.\n$/,
    )
  })

  test('a completion script completes svc and installs under its name', async () => {
    const bash = (await cliInProcess(['completion', 'bash'], { program: 'svc' })).stdout
    expect(bash).toStartWith('# bash completion for svc ')
    expect(bash).toContain(
      '# Install (bash-completion):  svc completion bash > ~/.local/share/bash-completion/completions/svc\n',
    )
    expect(bash).toEndWith('\ncomplete -F _svc_cli svc\n')
    const zsh = (await cliInProcess(['completion', 'zsh'], { program: 'svc' })).stdout
    expect(zsh).toStartWith('#compdef svc\n')
    expect(zsh).toContain('  compdef _svc_cli svc\n')
    const fish = (await cliInProcess(['completion', 'fish'], { program: 'svc' })).stdout
    expect(fish).toContain('# Install: svc completion fish > ~/.config/fish/completions/svc.fish\n')
    expect(fish).toContain('\ncomplete -c svc -f\n')
    expect([bash, zsh, fish].some(commandWord)).toBe(false)
  })
})

describe('run as svc, against a server', async () => {
  const { env, server } = await cliAccount()

  test('hints inside a view say svc; the records it shows are printed as they were sent', async () => {
    const empty = await cliInProcess(['app', 'list'], { env, program: 'svc' })
    expect(empty.stdout).toBe('No apps yet. Create one with: svc app create --name "Contact form"\n')
    const app = (await cliInProcess(['app', 'create', '--name', 'Notes', '--json'], { env })).json()
    const urls = await cliInProcess(['app', 'urls', '--app', app.id], { env, program: 'svc' })
    expect(urls.stdout).toEndWith(`\n\nNot published yet: run svc share publish --app ${app.id}\n`)
    await cliInProcess(['share', 'publish', '--app', app.id], { env })
    await cliInProcess(['share', 'post', '--app', app.id, '--data', '{"note":"run svc-cli app list"}'], { env })
    const query = await cliInProcess(['share', 'query', '--app', app.id], { env, program: 'svc' })
    expect(query.stdout).toContain('run svc-cli app list')
  })

  test('MCP under svc: instructions, descriptions and hints say svc; record content is left as sent', async () => {
    const mcp = await inProcessMcp({ SVC_URL: server.url, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME }, 'svc')
    try {
      const skill = await mcp.client.readResource({ uri: 'svc://skills/scale' })
      const text = skill.contents.map((content) => ('text' in content ? content.text : '')).join('')
      expect(text).toContain('- `svc scale rescore` — `svc scale rescore --app $APP`')
      expect(commandWord(text)).toBe(false)
      expect(commandWord(mcp.client.getInstructions() ?? '')).toBe(false)
      const { tools } = await mcp.client.listTools()
      expect(tools.filter((tool) => commandWord(tool.description ?? '')).map((tool) => tool.name)).toEqual([])
      const status = resultText(await mcp.call('auth_status'))
      expect(status).toContain('`svc auth login`')
      expect(commandWord(status)).toBe(false)
    } finally {
      await mcp.close()
    }
    const owner = await inProcessMcp({ ...env }, 'svc')
    try {
      const apps = JSON.parse(resultText(await owner.call('svc_read', { command: 'app list', args: [] })))
      const query = resultText(
        await owner.call('svc_read', { command: 'share query', args: ['--app', apps.apps[0].id] }),
      )
      expect(query).toContain('"note": "run svc-cli app list"')
      const refused = resultText(await owner.call('svc_exec', { command: 'profile password', args: [] }))
      expect(refused).toContain('the user runs `svc profile password` in a terminal')
    } finally {
      await owner.close()
    }
  }, 30_000)
})
