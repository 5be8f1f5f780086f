/**
 * The README's quick start, run as a new user would: each shell block goes whole, as written,
 * through one bash process (the variables one step sets are there for the next, as in a
 * terminal), with curl and jq against a real server on a free port; nothing is pasted by
 * hand. The only edit is the reader's own: `S` is this server. Every `# →` line must match
 * the output of the command above it. It is written for reads off (docs/design.md rule 16):
 * the endpoint alone only writes, the owner's access token reads.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer } from '../support/server.ts'
import { target } from '../support/call.ts'
import { SUMMARY_WARNING } from '../support/reads.ts'
import { tempDir } from '../support/tmp.ts'

const README = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const QUICK_START = README.slice(README.indexOf('## Quick start'), README.indexOf('## Configuration'))
/** Printed between two commands by the test, so each command's output can be told apart. */
const MARK = '::svc-quick-start-step::'

/** The shell blocks of the quick start as logical lines (continuations joined). */
function shellLines(markdown: string): string[][] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    block[1]
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  )
}

/** A `# →` line as a pattern: `…` stands for anything, the rest is literal. */
const shape = (expected: string) =>
  new RegExp(
    `^${expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  )

interface Ran {
  command: string
  output: string
}

const server = await startTestServer()
afterAll(() => server.close())
/** The port in printed URLs: the server's own, where the README's reader has 8787. */
const port = new URL(server.url).port

/**
 * Runs one block's lines in a single bash (stopping at the first failure), with `vars`
 * already set; returns each command with its output, and the variables named in `keep`.
 */
async function runBlock(lines: string[], vars: Record<string, string>, keep: string[]) {
  const commands = lines.filter((line) => !line.startsWith('#'))
  const script = [
    ...commands.flatMap((line) => [
      line === 'S=http://localhost:8787' ? `S=${server.url}` : line,
      `printf '\\n%s\\n' '${MARK}'`,
    ]),
    ...keep.map((name) => `printf '%s\\n' "$${name}"`),
  ].join('\n')
  const proc = Bun.spawn(['bash', '-e', '-o', 'pipefail', '-c', script], {
    cwd: tempDir('svc-readme-'),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('svc-readme-home-'), ...vars },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  const parts = stdout.split(`\n${MARK}\n`)
  const kept = parts.pop()!.trimEnd().split('\n')
  const ran: Ran[] = commands.map((command, i) => ({ command, output: parts[i] }))
  // Each `# →` line against the output of the command right above it.
  let last: Ran | undefined
  for (const line of lines) {
    if (!line.startsWith('#')) last = ran.find((r) => r.command === line)
    else if (line.startsWith('# →'))
      // A command's last line break (jq and echo print one, curl none) is not part of its answer.
      expect({ after: last!.command, output: last!.output.replace(/\n$/, '') }).toEqual({
        after: last!.command,
        output: expect.stringMatching(shape(line.slice(4).trim().replace('//localhost:8787/', `//localhost:${port}/`))),
      })
  }
  return { ran, kept: Object.fromEntries(keep.map((name, i) => [name, kept[i]])) as Record<string, string> }
}

/** Another request from the same terminal, its JSON answer parsed. */
async function curl(command: string, vars: Record<string, string>) {
  const proc = Bun.spawn(['bash', '-c', command], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...vars },
    stdout: 'pipe',
  })
  return JSON.parse(await new Response(proc.stdout).text())
}

describe('README quick start', () => {
  test('needs nothing pasted by hand: every value comes from the answer before it', () => {
    const blocks = shellLines(QUICK_START)
    expect(blocks.length).toBe(2)
    const assignments = blocks.flat().filter((line) => /^[A-Z]+=/.test(line))
    expect(assignments.map((line) => line.split('=')[0])).toEqual(['S', 'ME', 'TOKEN', 'APP', 'ENDPOINT'])
    for (const line of assignments.slice(2)) expect(line).toMatch(/^[A-Z]+=\$\(.*curl .* \| jq -r \.data\.[\w.]+\)$/)
    expect(QUICK_START).not.toContain('paste the')
  })

  /**
   * The first block as written, then the owner-only checks of its comments; the same terminal
   * runs the optional block. Returns what the next run may compare.
   */
  async function quickStart(run: number) {
    const [first, second] = shellLines(QUICK_START)
    const { ran, kept } = await runBlock(first, {}, ['TOKEN', 'APP', 'ENDPOINT'])
    const vars: Record<string, string> = { S: server.url, ...kept }
    expect(vars.TOKEN).toStartWith('svc_pat_')
    const endpointToken = vars.ENDPOINT.split('/').at(-1)!
    expect(vars.ENDPOINT).toBe(
      `http://localhost:${port}${target('ingest.post', { params: { token: endpointToken } }).path}`,
    )
    const output = (needle: string) => ran.find((r) => r.command.includes(needle))!.output

    // The app was made with reads off and published without a warning.
    const auth = `-H "Authorization: Bearer $TOKEN"`
    expect((await curl(`curl -s $S/api/v3/apps/$APP ${auth}`, vars)).data).toMatchObject({
      name: 'Contact form',
      published: true,
      reads: 'off',
    })
    const share = (await curl(`curl -s $S/api/v3/apps/$APP/share ${auth}`, vars)).data
    expect([share.reads, Object.hasOwn(share, 'warnings')]).toEqual(['off', false])

    // Step 4: the token reads the record; the same request without it is the 403 the comment promises.
    expect(JSON.parse(output('/query?page=1&size=100'))).toEqual({
      code: 200,
      records: [
        { id: expect.any(String), data: { name: 'Ada', message: 'Hello' }, meta: {}, createdAt: expect.any(String) },
      ],
      page: 1,
      size: 100,
      total: 1,
    })
    const anonymous = await curl('curl -s "$ENDPOINT/query?page=1&size=100"', vars)
    expect([anonymous.code, anonymous.error.type]).toEqual([403, 'disabled'])
    // Step 5 accepted the stranger's keys: they are the app's fields now, and ?help lists them.
    const fields = (await curl(`curl -s $S/api/v3/apps/$APP/fields ${auth}`, vars)).data.fields
    expect(fields.map((f: { name: string; proposed: boolean }) => [f.name, f.proposed])).toEqual([
      ['name', false],
      ['message', false],
    ])
    expect(output('?help')).toContain(
      "- Reads (`reads`): off — the records are private: /query and /summary answer 403 `disabled` unless the request carries the owner's access token",
    )

    // The optional step, in the same terminal: opens the summary, warned; records stay closed.
    const optional = await runBlock(second, vars, [])
    const answer = (needle: string) => JSON.parse(optional.ran.find((r) => r.command.includes(needle))!.output)
    expect(answer('-X PATCH').data).toMatchObject({ reads: 'summary', warnings: [SUMMARY_WARNING] })
    expect((await curl('curl -s "$ENDPOINT/summary"', vars)).fields).toEqual({
      name: expect.objectContaining({ count: 1 }),
      message: expect.objectContaining({ count: 1 }),
    })
    expect((await curl('curl -s "$ENDPOINT/query"', vars)).code).toBe(403)
    return { run, token: vars.TOKEN, app: vars.APP }
  }

  // An explicit timeout: in a whole-suite run Bun applies the preload's default (30 s) to the first file only.
  test('runs as written, twice in a row: the second run logs in (sign-up is closed) and makes a second app', async () => {
    const once = await quickStart(1)
    const twice = await quickStart(2)
    expect(twice.token).not.toBe(once.token)
    expect(twice.app).not.toBe(once.app)
    // Both tokens belong to the one owner account the first run made.
    const owners = new Set(
      await Promise.all(
        [once.token, twice.token].map(
          async (token) =>
            (await curl(`curl -s $S/api/v3/auth/status -H "Authorization: Bearer ${token}"`, { S: server.url })).data
              .user.id,
        ),
      ),
    )
    expect(owners.size).toBe(1)
  }, 60_000)
})
