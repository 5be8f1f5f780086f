/**
 * An https webhook is sent to the address its check resolved (pinned), yet speaks TLS to the
 * URL's name: the server name (SNI) and the certificate check use the name, not the IP. A
 * loopback TLS receiver holds a certificate for `hooks.test` made for this run; the attempt
 * runs in a child process that trusts it (NODE_EXTRA_CA_CERTS), with a resolver stub sending
 * both `hooks.test` and `other.test` to 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUN, ROOT } from '../../support/process.ts'
import { tempDir } from '../../support/tmp.ts'

const dir = tempDir('svc-pinned-tls-')
let receiver: ReturnType<typeof Bun.serve> | undefined
const hosts: string[] = []

beforeAll(() => {
  const made = Bun.spawnSync(
    [
      'openssl',
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=hooks.test',
      '-addext',
      'subjectAltName=DNS:hooks.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  if (made.exitCode !== 0) throw new Error(`openssl could not make the test certificate: ${made.stderr.toString()}`)
  receiver = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    tls: { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') },
    fetch(request) {
      hosts.push(request.headers.get('host') ?? '')
      return new Response('ok')
    },
  })
})

afterAll(() => {
  void receiver?.stop(true)
})

/** One attempt to `url` from a child process that trusts the test certificate; its outcome. */
async function attemptFromChild(url: string): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const script = join(dir, `attempt-${hosts.length}-${Math.random().toString(36).slice(2)}.ts`)
  writeFileSync(
    script,
    `import { sendAttempt } from ${JSON.stringify(join(ROOT, 'server/core/webhooks/send.ts'))}
import { systemTargetNet } from ${JSON.stringify(join(ROOT, 'server/net/target-net.ts'))}
const net = { ...systemTargetNet, resolve: async () => ['127.0.0.1'] }
const outcome = await sendAttempt({ url: ${JSON.stringify(url)}, secret: 'whsec_AAAA', id: 'msg_1', body: '{}', now: 0 }, { allowPrivate: true, net })
process.stdout.write(JSON.stringify({ ok: outcome.ok, status: outcome.status, error: outcome.error }))
`,
  )
  const child = Bun.spawn([BUN, '--no-env-file', script], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  if (code !== 0) throw new Error(`the attempt failed to run: ${stderr}`)
  return JSON.parse(stdout)
}

describe('pinned https deliveries', () => {
  test('connect to the checked address, with the name in Host and SNI, and the certificate checked against the name', async () => {
    const port = receiver!.port
    expect(await attemptFromChild(`https://hooks.test:${port}/hook`)).toEqual({ ok: true, status: 200, error: null })
    expect(hosts).toEqual([`hooks.test:${port}`])
  })

  test('a name the certificate does not hold is refused by the TLS check, though the address is the same', async () => {
    const outcome = await attemptFromChild(`https://other.test:${receiver!.port}/hook`)
    expect([outcome.ok, outcome.status, outcome.error]).toEqual([
      false,
      null,
      expect.stringContaining('ERR_TLS_CERT_ALTNAME_INVALID'),
    ])
    expect(hosts).toHaveLength(1)
  })
})
