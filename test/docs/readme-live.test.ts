/**
 * The README's "Live records" section stays true: its `curl -N` runs through bash against
 * a real server and prints what the section shows (the opening lines, then an event
 * `record` per record, whose data is the record as /query shows it), and its `share tail`
 * lines are commands and flags svc-cli has. (Its EventSource example runs in Chromium:
 * test/browser/live-records.test.ts.)
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeEndpoint } from '../support/records.ts'
import { cliInProcess, startTestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const README = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const SECTION = README.slice(README.indexOf('## Live records'), README.indexOf('## The admin page'))
const blocks = [...SECTION.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1])

const server = await startTestServer()
afterAll(() => server.close())

describe('README: Live records', () => {
  test('the curl -N example prints the opening lines, then each new record as an event `record`', async () => {
    const { user, token } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id)
    const ENDPOINT = `${server.url}${endpoint.path()}`
    const command = blocks[0].split('\n')[0]
    expect(command).toBe('curl -N "$ENDPOINT/stream" -H "Authorization: Bearer $TOKEN"')
    const curl = Bun.spawn(['bash', '-c', command], {
      cwd: tempDir('svc-readme-live-'),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ENDPOINT, TOKEN: token },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const reader = curl.stdout.getReader()
    const decoder = new TextDecoder()
    let output = ''
    const until = async (text: string) => {
      while (!output.includes(text)) {
        const chunk = await reader.read()
        if (chunk.done) throw new Error(`curl ended before "${text}": ${output}`)
        output += decoder.decode(chunk.value, { stream: true })
      }
    }
    await until('\n\n')
    const posted = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', message: 'Hello' }),
    })
    expect(posted.status).toBe(200)
    await until('}\n\n')
    curl.kill()
    await curl.exited
    const page = (await (
      await fetch(`${ENDPOINT}/query`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { records: unknown[] }
    expect(output).toBe(`retry: 2000\nid: 0\n\nid: 1\nevent: record\ndata: ${JSON.stringify(page.records[0])}\n\n`)
    // The section shows the same shape, with other numbers.
    const shown = blocks[0]
      .split('\n')
      .slice(1)
      .filter((line) => line.startsWith('#'))
      .map((line) => line.replace(/^# ?/, ''))
    expect(shown.map((line) => line.split(':')[0])).toEqual(['retry', 'id', '', 'id', 'event', 'data'])
  })

  test('its share tail lines name commands and flags svc-cli has', async () => {
    const lines = blocks[1].split('\n').filter((line) => line.startsWith('svc-cli share tail'))
    expect(lines).toHaveLength(3)
    const help = await cliInProcess(['share', 'tail', '--help'])
    expect(help.code).toBe(0)
    for (const line of lines)
      for (const flag of line.split('#')[0].match(/--[a-z-]+/g) ?? []) expect(help.stdout).toContain(flag)
  })
})
