import { boolArg, defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { shareDetails, sharePath, type Share } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { updateShareSchema } from '../../../server/core/share/schemas.ts'

const switchArg = (what: string) => ({ type: 'string', description: `${what}: on or off`, valueHint: 'on|off' }) as const

export default defineSvcCommand({
  description: 'Change endpoint settings: writes, reads, auto-create, honeypot, rate limit, redirect origins',
  example: 'svc-cli share set --app 0193… --reads off --rate-limit 5/s,20 --redirect-origins https://example.com',
  effect: 'write',
  args: {
    ...appArg,
    service: switchArg('Accept submissions'),
    reads: switchArg('Allow /query and /summary with the endpoint token'),
    'auto-create': switchArg('Create fields for unknown keys'),
    honeypot: { type: 'string', description: 'Form key that marks a submission as spam when non-empty (default _gotcha)', valueHint: 'name' },
    'rate-limit': { type: 'string', description: 'e.g. 20/s,100, "off", or "default" for the server default', valueHint: 'rate' },
    'redirect-origins': { type: 'string', description: 'Comma-separated origins allowed for _redirect ("" for none)', valueHint: 'origins' },
  },
  async run(args, env) {
    const rateLimit = args['rate-limit'] === undefined ? undefined : args['rate-limit'].trim().toLowerCase() === 'default' ? null : args['rate-limit'].trim()
    const body = {
      service: boolArg(args.service, 'service'),
      reads: boolArg(args.reads, 'reads'),
      autoCreate: boolArg(args['auto-create'], 'auto-create'),
      honeypot: args.honeypot,
      rateLimit,
      redirectOrigins: args['redirect-origins'] === undefined ? undefined : args['redirect-origins'].split(',').map((o) => o.trim()).filter(Boolean),
    }
    if (Object.values(body).every((v) => v === undefined)) {
      throw usageError('Nothing to change: pass --service, --reads, --auto-create, --honeypot, --rate-limit or --redirect-origins')
    }
    const share = await env.client().request<Share>('PATCH', sharePath(args.app), { body: checkInput(updateShareSchema, body) })
    return result(share, shareDetails(share))
  },
})
