/**
 * The worked example in docs/respondents.md ("A worked example") runs as written: each line
 * of its shell block is one `svc-cli` command, split as a POSIX shell splits words, and every
 * one succeeds. The form it builds is the one the text describes: its fields on two titled
 * pages, the French version on the fill-in page, its limits, and spam rules with the
 * challenge (a stranger's post without a solution is kept as spam, with its reason).
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../support/imports.ts'
import { storedRows } from '../support/records.ts'
import { cliAccount, expectOk } from '../support/server.ts'

const DOC = readFileSync(join(REPO, 'docs', 'respondents.md'), 'utf8')

/** The commands of the section's first shell block. */
function exampleCommands(): string[] {
  const section = DOC.slice(DOC.indexOf('## A worked example'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]
  return block.split('\n').filter((line) => line.trim() !== '')
}

/** A line split into words as a POSIX shell does: '…' literal, "…" without expansions here, spaces apart. */
function shellWords(line: string): string[] {
  const words: string[] = []
  let word: string | null = null
  let quote: '"' | "'" | null = null
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = null
      else word += char
    } else if (char === '"' || char === "'") {
      quote = char
      word ??= ''
    } else if (char === ' ') {
      if (word !== null) words.push(word)
      word = null
    } else word = (word ?? '') + char
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`)
  if (word !== null) words.push(word)
  return words
}

const { server, cli } = await cliAccount()

describe('the worked example in docs/respondents.md', () => {
  test('every command runs, and the form is the one the text describes', async () => {
    const commands = exampleCommands()
    expect(commands.length).toBeGreaterThanOrEqual(10)
    for (const command of commands) {
      const [program, ...argv] = shellWords(command)
      expect(program).toBe('svc-cli')
      const run = await cli(...argv)
      if (run.code !== 0) throw new Error(`\`${command}\` failed: ${run.stderr}`)
    }
    const app = expectOk(await cli('app', 'get', '--app', 'Workshop sign-up', '--json')).json()
    const { fields } = expectOk(await cli('field', 'list', '--app', app.id, '--json')).json() as {
      fields: Array<{
        name: string
        type: string
        page?: number
        hidden?: boolean
      }>
    }
    expect(fields.map(({ name, type, page, hidden }) => ({ name, type, page, hidden }))).toEqual([
      { name: 'name', type: 'text', page: undefined, hidden: undefined },
      { name: 'email', type: 'email', page: undefined, hidden: undefined },
      { name: 'attending', type: 'choice', page: undefined, hidden: undefined },
      { name: 'diet', type: 'longtext', page: 2, hidden: undefined },
      { name: 'useful', type: 'rating', page: 2, hidden: undefined },
      { name: 'recommend', type: 'nps', page: 2, hidden: undefined },
      { name: 'source', type: 'text', page: undefined, hidden: true },
    ])
    const share = expectOk(await cli('share', 'status', '--app', app.id, '--json')).json()
    expect(share).toMatchObject({
      closeAfter: 100,
      uniqueField: 'email',
      challenge: 'flag',
      spamRules: { maxLinks: 1, blockDisposable: true },
      pages: [{ title: 'About you' }, { title: 'Your visit' }],
    })

    const token = new URL(share.endpoint).pathname.split('/').pop()!
    const french = await (await fetch(`${server.url}/f/${token}?source=newsletter&lang=fr`)).text()
    expect(french).toContain('<html lang="fr">')
    expect(french).toContain('À propos de vous')
    expect(french).toContain('Votre nom')
    expect(french).toContain('Sur place')

    // A stranger's JSON post without a solved challenge is kept, as spam with its reason.
    const posted = await fetch(share.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', attending: 'Online' }),
    })
    expect(posted.status).toBe(200)
    const [row] = await storedRows(server.ctx, app.id)
    expect([row.spam, JSON.parse(row.meta).spamReasons]).toEqual([true, ['challenge_missing']])
  }, 60_000)
})
