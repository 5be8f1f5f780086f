/**
 * The README's quick start, run as a new user would: every command of its shell blocks
 * goes through bash and curl against a real server on a free port; the values the reader is
 * told to paste (TOKEN, APP, ENDPOINT) come from the answer the README names; and every
 * `# →` line must match the answer of the command above it. It is written for reads off
 * (docs/design.md rule 16): the endpoint alone only writes, the owner's access token reads.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer } from '../support/server.ts'
import { SUMMARY_WARNING } from '../support/reads.ts'
import { tempDir } from '../support/tmp.ts'

const README = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const QUICK_START = README.slice(README.indexOf('## Quick start'), README.indexOf('## Configuration'))

/** Where each value the reader pastes comes from, in the answer of the command before it. */
const PASTE: Record<string, (answer: any) => string> = {
  TOKEN: (answer) => answer.data.token.token,
  APP: (answer) => answer.data.id,
  ENDPOINT: (answer) => answer.data.endpoint,
}

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

/** Runs one command line in bash with the reader's variables, as a terminal would. */
async function run(command: string, vars: Record<string, string>): Promise<string> {
  const proc = Bun.spawn(['bash', '-c', command], {
    cwd: tempDir('svc-readme-'),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('svc-readme-home-'), ...vars },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [output, error, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  expect({ command, code, error }).toEqual({ command, code: 0, error: '' })
  return output
}

describe('README quick start', () => {
  // An explicit timeout: in a whole-suite run Bun applies the preload's default (30 s) to the first file only.
  test('runs as written, and reads stay the owner’s', async () => {
    const blocks = shellLines(QUICK_START)
    expect(blocks.length).toBe(2)
    const vars: Record<string, string> = {}
    const ran: Ran[] = []
    const pasted: string[] = []
    for (const line of blocks.flat()) {
      const assignment = /^([A-Z]+)=(\S+)/.exec(line)
      if (line.startsWith('# →')) {
        expect({ after: ran.at(-1)!.command, output: ran.at(-1)!.output }).toEqual({
          after: ran.at(-1)!.command,
          output: expect.stringMatching(shape(line.slice(4).trim())),
        })
      } else if (line.startsWith('#')) {
        continue
      } else if (assignment?.[1] === 'S') {
        expect(assignment[2]).toBe('http://localhost:8787')
        vars.S = server.url
      } else if (assignment) {
        const [, name, value] = assignment
        expect(value).toContain('…')
        expect(Object.keys(PASTE)).toContain(name)
        vars[name] = PASTE[name](JSON.parse(ran.at(-1)!.output))
        pasted.push(name)
      } else {
        ran.push({ command: line, output: await run(line, vars) })
      }
    }
    expect(pasted).toEqual(Object.keys(PASTE))
    const answer = (needle: string) => ran.find((r) => r.command.includes(needle))!.output

    // The app was made with reads off and published without a warning.
    expect(JSON.parse(answer('$S/api/v3/apps -H')).data).toMatchObject({
      name: 'Contact form',
      published: false,
      reads: 'off',
    })
    const published = JSON.parse(answer('/share/publish')).data
    expect([published.reads, Object.hasOwn(published, 'warnings')]).toEqual(['off', false])

    // Step 4: the token reads the record; the same request without it is the 403 the comment promises.
    const read = JSON.parse(answer('/query?page=1&size=100'))
    expect(read).toEqual({
      code: 200,
      records: [
        { id: expect.any(String), data: { name: 'Ada', message: 'Hello' }, meta: {}, createdAt: expect.any(String) },
      ],
      page: 1,
      size: 100,
      total: 1,
    })
    const anonymous = JSON.parse(await run('curl -s "$ENDPOINT/query?page=1&size=100"', vars))
    expect([anonymous.code, anonymous.error.type]).toEqual([403, 'disabled'])
    expect(answer('?help')).toContain(
      "- Reads (`reads`): off — the records are private: /query and /summary answer 403 `disabled` unless the request carries the owner's access token",
    )

    // The optional step opens the summary, warned; records stay closed.
    expect(JSON.parse(answer('-X PATCH')).data).toMatchObject({ reads: 'summary', warnings: [SUMMARY_WARNING] })
    expect(JSON.parse(answer('"$ENDPOINT/summary"'))).toMatchObject({ code: 200, total: 1, spam: 0 })
    expect(JSON.parse(await run('curl -s "$ENDPOINT/query"', vars)).code).toBe(403)
  }, 30_000)
})
