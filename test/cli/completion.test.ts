/**
 * `svc-cli completion bash|zsh|fish`: scripts generated from the command tree. The bash
 * script is checked by bash itself (`bash -n`, then real completions through COMPREPLY).
 * zsh and fish are usually not installed here, so their scripts are checked as text
 * against the tree: every command and flag is offered, at the right place; where the
 * shells are installed, they check the syntax too.
 */
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../cli/commands/index.ts'
import { completionModel, shQuote, type Place } from '../../cli/completion/model.ts'
import { listLeaves } from '../../cli/tree.ts'
import { cliInProcess, cliProcess } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const places = await completionModel(ROOT)
const leaves = await listLeaves(ROOT)
const scriptOf = async (shell: string) => {
  const run = await cliInProcess(['completion', shell])
  expect(run).toMatchObject({ code: 0, stderr: '' })
  return run.stdout
}
const [bash, zsh, fish] = await Promise.all(['bash', 'zsh', 'fish'].map(scriptOf))

/** Runs a shell on a script file; exit code and output. */
async function shell(argv: string[]) {
  const proc = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

describe('the model', () => {
  test('has every runnable command, with its flags, and every group with its subcommands', () => {
    const commands = places.filter((p) => p.subcommands.length === 0).map((p) => p.path.join(' '))
    expect(commands.sort()).toEqual(leaves.map((l) => l.path.join(' ')).sort())
    const create = places.find((p) => p.path.join(' ') === 'app create')!
    expect(create.flags.map((f) => [f.name, f.short ?? null, f.takesValue])).toEqual([
      ['--name', null, true],
      ['--description', null, true],
      ['--quiet', '-q', false],
      ['--server', null, true],
      ['--token', null, true],
      ['--json', null, false],
      ['--timeout', null, true],
      ['--help', '-h', false],
    ])
    expect(
      places.find((p) => p.path.join(' ') === 'field add')!.flags.find((f) => f.name === '--type')!.values,
    ).toEqual([
      'text',
      'longtext',
      'number',
      'boolean',
      'choice',
      'multichoice',
      'likert',
      'rating',
      'nps',
      'date',
      'time',
      'datetime',
      'email',
      'phone',
      'url',
      'consent',
      'file',
      'json',
    ])
    expect(places.find((p) => p.path.join(' ') === 'share export')!.flags.find((f) => f.name === '--out')!.file).toBe(
      true,
    )
  })

  test('names and values are plain words (safe in every shell word list)', () => {
    const words = places.flatMap((p) => [
      ...p.path,
      ...p.subcommands.map((s) => s.name),
      ...p.flags.flatMap((f) => [f.name, f.short ?? '-x', ...(f.values ?? [])]),
    ])
    for (const word of words) expect(word).toMatch(/^-{0,2}[a-z0-9][a-z0-9-]*$/)
  })
})

describe('svc-cli completion', () => {
  test('prints the script on stdout; --json wraps it in one document', async () => {
    expect(bash).toStartWith('# bash completion for svc-cli ')
    const json = await cliInProcess(['completion', 'fish', '--json'])
    expect(json.json()).toEqual({ shell: 'fish', script: fish })
  })

  test('an unknown shell is a usage error naming the choices', async () => {
    const run = await cliInProcess(['completion', 'powershell', '--json'])
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'usage',
        message: 'No completion for "powershell"; choose one of bash, zsh, fish',
        details: { problems: [{ flag: '<shell>', message: 'must be one of bash, zsh, fish' }] },
      },
    })
  })

  test('is not offered to agents through MCP (svc_exec)', async () => {
    const { NOT_FOR_EXEC } = await import('../../cli/mcp/exec.ts')
    expect(NOT_FOR_EXEC.has('completion')).toBe(true)
  })
})

describe('bash', () => {
  const dir = tempDir('svc-completion-')
  const file = join(dir, 'svc-cli.bash')
  writeFileSync(file, bash)
  writeFileSync(join(dir, 'records.csv'), '')

  test('bash -n accepts it', async () => {
    expect(await shell(['bash', '-n', file])).toEqual({ code: 0, stdout: '', stderr: '' })
  })

  // What bash offers after the words typed so far (the last word is the one being completed).
  const cases: [string[], string[]][] = [
    [['ap'], ['app']],
    [[''], places[0].subcommands.map((s) => s.name)],
    [['app', 'cr'], ['create']],
    [['app', 'create', '--na'], ['--name']],
    [
      ['app', 'list', '-'],
      ['--limit', '--page', '--quiet', '-q', '--server', '--token', '--json', '--timeout', '--help', '-h'],
    ],
    [['field', 'add', '--type', 'ch'], ['choice']],
    [
      ['share', 'export', '--format', ''],
      ['csv', 'jsonl'],
    ],
    [['--server', 'http://x', 'app', 'l'], ['list']],
    [
      ['expert', 'comment', ''],
      ['set', 'list', 'remove'],
    ],
    [['app', 'create', '--name', 'li'], []],
    [['share', 'export', '--out', join(dir, 'rec')], [join(dir, 'records.csv')]],
  ]
  test.each(cases)('svc-cli %p offers %p', async (typed, offered) => {
    const words = ['svc-cli', ...typed].map(shQuote).join(' ')
    const script = `source ${shQuote(file)}; COMP_WORDS=(${words}); COMP_CWORD=${typed.length}; COMPREPLY=(); _svc_cli; printf '%s\\n' "\${COMPREPLY[@]}"`
    const run = await shell(['bash', '--norc', '--noprofile', '-c', script])
    expect(run).toEqual({ code: 0, stdout: offered.map((w) => `${w}\n`).join('') || '\n', stderr: '' })
  })

  test('registers itself for svc-cli', () => {
    expect(bash).toEndWith('\ncomplete -F _svc_cli svc-cli\n')
  })
})

/** The `case` arm for `key` in the named function of a zsh or bash script. */
const arm = (script: string, fn: string, key: string) => {
  const body = script.split(`${fn}() {\n`)[1].split('\n}\n')[0]
  return body.split('\n').find((line) => line.startsWith(`    ${shQuote(key)}) `))
}

describe('zsh', () => {
  test('is a #compdef file that also works when sourced', () => {
    expect(zsh.split('\n')[0]).toBe('#compdef svc-cli')
    expect(zsh).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own parameter expansion
      '\nif [[ ${funcstack[1]} == _svc-cli ]]; then\n  _svc_cli "$@"\nelse\n  compdef _svc_cli svc-cli\nfi\n',
    )
  })

  test.each(places.map((p) => [p.path.join(' ') || '(svc-cli)', p] as const))(
    '%s: its subcommands and flags, with descriptions',
    (_name, place: Place) => {
      const key = place.path.join(' ')
      if (place.subcommands.length) {
        expect(arm(zsh, '_svc_cli_subcommands', key)).toBe(
          `    ${shQuote(key)}) reply=(${place.subcommands.map((s) => shQuote(`${s.name}:${s.description.replace(/\s+/g, ' ').trim()}`)).join(' ')}) ;;`,
        )
      }
      const flags = arm(zsh, '_svc_cli_flags', key)!
      for (const flag of place.flags)
        expect(flags).toContain(shQuote(`${flag.name}:${flag.description.replace(/\s+/g, ' ').trim()}`))
      for (const flag of place.flags.filter((f) => f.values))
        expect(arm(zsh, '_svc_cli_values', `${key} ${flag.name}`)).toBe(
          `    ${shQuote(`${key} ${flag.name}`)}) reply=(${flag.values!.map(shQuote).join(' ')}) ;;`,
        )
    },
  )

  test('zsh -n accepts it where zsh is installed', async () => {
    const file = join(tempDir('svc-completion-'), '_svc-cli')
    writeFileSync(file, zsh)
    // bash reads the same quoting rules for the tables; zsh itself checks the rest when present.
    expect(await shell(['bash', '-n', '-c', zsh.split('\n_svc_cli() {')[0]])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    })
    if (Bun.which('zsh')) expect(await shell(['zsh', '-n', file])).toEqual({ code: 0, stdout: '', stderr: '' })
  })
})

describe('fish', () => {
  const fishQuote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  const guard = (path: string[]) => `-n ${fishQuote(`__svc_cli_at ${fishQuote(path.join(' '))}`)}`

  test.each(places.map((p) => [p.path.join(' ') || '(svc-cli)', p] as const))(
    '%s: one complete line per subcommand and flag',
    (_name, place: Place) => {
      for (const sub of place.subcommands)
        expect(fish).toContain(`\ncomplete -c svc-cli ${guard(place.path)} -a ${fishQuote(sub.name)} -d `)
      for (const flag of place.flags) {
        const names = `-l ${flag.name.slice(2)}${flag.short ? ` -s ${flag.short.slice(1)}` : ''}`
        const value = !flag.takesValue
          ? ''
          : flag.file
            ? ' -r -F'
            : flag.values
              ? ` -x -a ${fishQuote(flag.values.join(' '))}`
              : ' -x'
        expect(fish).toContain(`\ncomplete -c svc-cli ${guard(place.path)} ${names}${value} -d `)
      }
    },
  )

  test('every line is a comment, a complete line, or part of the three helper functions', async () => {
    const body = fish.split('\ncomplete -c svc-cli -f\n')
    expect(body).toHaveLength(2)
    for (const line of body[1].trimEnd().split('\n'))
      expect(line).toMatch(
        /^complete -c svc-cli -n '__svc_cli_at \\'[a-z -]*\\'' (-a '[a-z-]+'|-l [a-z-]+( -s [a-z])?( -r -F| -x -a '[a-z0-9 -]+'| -x)?) -d '([^'\\]|\\.)*'$/,
      )
    const functions = body[0].match(/^function (\S+)$/gm)
    expect(functions).toEqual(['function __svc_cli_subcommands', 'function __svc_cli_path', 'function __svc_cli_at'])
    const file = join(tempDir('svc-completion-'), 'svc-cli.fish')
    writeFileSync(file, fish)
    if (Bun.which('fish'))
      expect(await shell(['fish', '--no-execute', file])).toEqual({ code: 0, stdout: '', stderr: '' })
  })
})

describe('installing', () => {
  test('each script says how to install itself, and the binary prints the same script', async () => {
    expect(bash).toContain('svc-cli completion bash > ~/.local/share/bash-completion/completions/svc-cli')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own parameter expansion
    expect(zsh).toContain('svc-cli completion zsh > "${fpath[1]}/_svc-cli"')
    expect(fish).toContain('svc-cli completion fish > ~/.config/fish/completions/svc-cli.fish')
    expect((await cliProcess(['completion', 'bash'])).stdout).toBe(bash)
  })
})
