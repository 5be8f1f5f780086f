/**
 * The help of an endpoint with file fields: the HTML snippet posts multipart/form-data with
 * file inputs, and the shell examples of the "Files" section run as they stand (real curl,
 * real server, in a folder holding the files they name) and store what they show.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { callServer } from '../support/call.ts'
import { makeEndpoint, storedRecords, type TestEndpoint } from '../core/collect/fixtures.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')

let server: TestServer
let endpoint: TestEndpoint

beforeAll(async () => {
  server = await startTestServer()
  endpoint = await makeEndpoint(server.ctx, {
    name: 'Jobs',
    autoCreate: false,
    fields: [{ name: 'name', type: 'text', label: 'Your name', required: true }],
  })
  const added = await callServer(
    server.url,
    'fields.add',
    {
      params: { id: endpoint.appId },
      body: { name: 'cv', type: 'file', label: 'Your CV', maxFiles: 1, accept: ['application/pdf'] },
    },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
})
afterAll(() => server.close())

/** The endpoints' origin as the help writes it (SVC_BASE_URL). */
const base = () => server.ctx.config.baseUrl

/** The Markdown at `path` (?help). */
const help = async (path: string) => (await fetch(`${server.url}${path}`)).text()

/** The shell code blocks of a Markdown page that hold `marker`. */
const shellBlocks = (markdown: string, marker: string): string[] =>
  [...markdown.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) => m[1]).filter((block) => block.includes(marker))

/** Runs `script` with bash in a folder holding cv.pdf; its stdout. */
async function run(script: string): Promise<string> {
  const dir = tempDir('svc-help-files-')
  writeFileSync(join(dir, 'cv.pdf'), PDF)
  const child = Bun.spawn(['bash', '-euo', 'pipefail', '-c', script], { cwd: dir, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  // curl writes its progress meter to stderr: only a failure's is worth showing.
  if (code !== 0) throw new Error(`the example failed (${code}): ${err}`)
  return out
}

describe('?help of an endpoint with a file field', () => {
  test('the HTML form snippet posts multipart/form-data with a file input taking the field’s kinds', async () => {
    const page = await help(`${endpoint.path}?help`)
    expect(page).toContain(`<form action="${base()}${endpoint.path}/form" method="POST" enctype="multipart/form-data">`)
    expect(page).toContain('  <label>Your CV <input type="file" name="cv" accept="application/pdf"></label>')
    expect(page).toContain('- `cv`: One file: PDF, up to 25 MiB.')
    expect(page).toContain(`\`${base()}${endpoint.path}/uploads\` speaks the tus protocol`)
  })

  test('curl -F to /form stores the record with the file', async () => {
    const [block] = shellBlocks(await help(`${endpoint.path}?help`), '--form-string')
    expect(block).toBe(
      `curl '${base()}${endpoint.path}/form' \\\n  --form-string 'name=Hello' \\\n  -F 'cv=@cv.pdf' \\\n  -H 'Accept: application/json'`,
    )
    const answer = JSON.parse(await run(block))
    const records = await storedRecords(server.ctx, endpoint.appId)
    const record = records.find((r) => r.id === answer.data.id)
    expect(record?.data).toEqual({
      name: 'Hello',
      cv: { id: expect.any(String), name: 'cv.pdf', size: PDF.length, type: 'application/pdf', sha256: sha256(PDF) },
    })
  })

  test('upload to /files, then a JSON record naming the id, stores the file with the record', async () => {
    const [block] = shellBlocks(await help(`${endpoint.path}?help`), '--data-binary')
    expect(block).toBe(
      [
        `id1=$(curl -s '${base()}${endpoint.path}/files' --data-binary '@cv.pdf' \\`,
        "  -H 'Content-Type: application/octet-stream' \\",
        `  -H 'Content-Disposition: attachment; filename="cv.pdf"' | jq -r .data.id)`,
        `curl -X POST '${base()}${endpoint.path}' \\`,
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"name":"Hello","cv":{"file":"'"$id1"'"}}'`,
      ].join('\n'),
    )
    const output = await run(block)
    const answer = JSON.parse(output)
    expect(answer).toEqual({ code: 200, data: { id: expect.any(String) } })
    const records = await storedRecords(server.ctx, endpoint.appId)
    expect(records.find((r) => r.id === answer.data.id)?.data).toEqual({
      name: 'Hello',
      cv: { id: expect.any(String), name: 'cv.pdf', size: PDF.length, type: 'application/pdf', sha256: sha256(PDF) },
    })
  })

  test('/form?help has the files section too', async () => {
    const page = await help(`${endpoint.path}/form?help`)
    expect(page).toContain('(with files for the file fields, see "Files")')
    expect(page).toContain('## Files\n\nThese fields take files')
    expect(shellBlocks(page, '--form-string')).toHaveLength(1)
    expect(shellBlocks(page, '--data-binary')).toHaveLength(1)
  })
})
