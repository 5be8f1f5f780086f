import { defineSvcCommand } from '../../../command.ts'
import { details, result } from '../../../output.ts'
import { checkInput } from '../../../validate.ts'
import { TokenCreateInput } from '../../../../server/contract/auth/schemas.ts'
import { asProgram } from '../../../program.ts'
import { proofArgs, proofFor } from '../../../proof.ts'
import { appIdsOf, expiryOf, scopesOf } from '../../../token-limits.ts'
import { scopesText } from '../../../../server/contract/access/roles.ts'

export default defineSvcCommand({
  description:
    'Create an access token, limited to some scopes, apps and a lifetime if you like (shown once: copy it now; asks for your password)',
  example: 'svc-cli auth token create --name "CSV export" --scopes records:read --apps Survey --expires 90d',
  effect: 'write',
  args: {
    name: { type: 'string', description: 'What the token is for', required: true, valueHint: 'name' },
    scopes: {
      type: 'string',
      description:
        'Comma-separated: records:read, records:write, apps:write, share:write, members:write, account (default: all)',
      valueHint: 'scopes',
    },
    apps: {
      type: 'string',
      description: 'Comma-separated app ids or names it may touch (default: every app of yours)',
      valueHint: 'apps',
    },
    expires: {
      type: 'string',
      description: 'When it stops working: 90d, 12h, 4w, a date (2027-03-01) or never (default: never)',
      valueHint: 'when',
    },
    ...proofArgs,
  },
  async run(args, env) {
    const client = env.client()
    const limits = {
      ...(args.scopes !== undefined ? { scopes: scopesOf(args.scopes) } : {}),
      ...(args.expires !== undefined ? { expiresAt: expiryOf(args.expires, Date.now()) } : {}),
    }
    checkInput(TokenCreateInput, { name: args.name, ...limits })
    const apps = args.apps !== undefined ? { apps: await appIdsOf(args.apps, client) } : {}
    const me = await client.call('profile.get', {})
    const passwordLine = args['password-stdin'] ? (await env.io.stdin.read()).split(/\r?\n/)[0] : undefined
    const proof = await proofFor(env, me, { code: args.code, passwordLine })
    const data = await client.call('tokens.create', { body: { name: args.name, ...limits, ...apps, ...proof } })
    const never =
      data.expiresAt === null
        ? '\nIt never expires: revoke it when it is no longer needed, or make tokens with --expires 90d.'
        : ''
    return result(
      data,
      (style) =>
        `${details(style, {
          id: data.id,
          name: data.name,
          scopes: scopesText(data.scopes),
          apps: data.apps?.join(', ') ?? 'all',
          expires: data.expiresAt ?? 'never',
        })}\n\n${data.token}\n\n${asProgram(`This is the only time the token is shown. Use it as SVC_TOKEN or with \`svc-cli auth login --with-token\`.${never}`, style.program)}`,
    )
  },
})
