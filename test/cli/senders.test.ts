/**
 * svc-cli share sender against a real server: add with the secret from stdin, from a prompt,
 * or made by svc (shown once); list never shows a secret; remove; and a delivery signed with
 * the secret the CLI printed is stored verified.
 */
import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { cliAccount, cliInProcess, expectOk as ok } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const { server, env, cli } = await cliAccount()

async function publishedApp(name: string) {
  const app = ok(await cli('app', 'create', '--name', name, '--json')).json().id as string
  const { token } = ok(await cli('share', 'publish', '--app', app, '--json')).json()
  return { app, token: token as string }
}

describe('svc-cli share sender', () => {
  test('add (secret on stdin, at a prompt, or made by svc), list, remove', async () => {
    const { app } = await publishedApp('Hooks')
    const stripe = await cliInProcess(
      [
        'share',
        'sender',
        'add',
        '--app',
        app,
        '--name',
        'stripe',
        '--kind',
        'stripe',
        '--require',
        '--secret-stdin',
        '--json',
      ],
      { env, stdin: 'whsec_abc\n' },
    )
    expect(ok(stripe).json()).toEqual({
      name: 'stripe',
      kind: 'stripe',
      require: true,
      header: 'Stripe-Signature',
      createdAt: expect.any(String),
    })
    const questions: string[] = []
    const prompted = await cliInProcess(
      ['share', 'sender', 'add', '--app', app, '--name', 'shop', '--kind', 'shopify'],
      {
        env,
        prompt: async (question) => {
          questions.push(question)
          return 'shpss_x'
        },
      },
    )
    expect(ok(prompted).stdout).toContain('X-Shopify-Hmac-Sha256')
    expect(questions).toEqual(['Paste the signing secret: '])

    const made = ok(
      await cli('share', 'sender', 'add', '--app', app, '--name', 'gh', '--kind', 'github', '--json'),
    ).json()
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const listed = ok(await cli('share', 'sender', 'list', '--app', app, '--json')).json()
    expect(listed.map((s: { name: string }) => s.name)).toEqual(['stripe', 'shop', 'gh'])
    expect(JSON.stringify(listed)).not.toContain(made.secret)
    expect(ok(await cli('share', 'sender', 'list', '--app', app)).stdout).not.toContain('whsec_abc')

    expect(
      ok(await cli('share', 'sender', 'remove', '--app', app, '--name', 'shop', '--yes', '--json')).json(),
    ).toEqual({
      name: 'shop',
      removed: true,
    })
    const missing = await cli('share', 'sender', 'remove', '--app', app, '--name', 'shop', '--yes')
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain('Sender not found')
  })

  test('a provider-issued secret is required off a terminal; the made secret signs deliveries', async () => {
    const { app, token } = await publishedApp('Pushes')
    const refused = await cli('share', 'sender', 'add', '--app', app, '--name', 'stripe', '--kind', 'stripe')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pipe it to --secret-stdin')

    const { secret } = ok(
      await cli('share', 'sender', 'add', '--app', app, '--name', 'github', '--kind', 'github', '--require', '--json'),
    ).json()
    const body = '{"ref":"refs/heads/main"}'
    // Sent as is: the signature is over these bytes.
    const response = await callServer(
      server.url,
      'ingest.post',
      { params: { token } },
      {
        raw: body,
        headers: {
          'content-type': 'application/json',
          'x-github-delivery': 'd-1',
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        },
      },
    )
    expect(response.status).toBe(200)
    const records = ok(await cli('share', 'query', '--app', app, '--json')).json()
    expect(JSON.stringify(records)).toContain('"verified":true')
  })
})
