import { defineSvcCommand, type CommandEnv } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result } from '../../../output.ts'
import { checkInput } from '../../../validate.ts'
import { addSenderSchema, SENDER_KINDS, type AddSenderInput } from '../../../../server/contract/senders/schemas.ts'
import { appArg } from '../../_shared.ts'
import { senderDetails } from './_view.ts'

/** Kinds whose secret the owner may leave to svc (the provider takes any secret pasted in). */
const SVC_MAKES = new Set(['github', 'hmac'])

/** The secret: piped to stdin (`--secret-stdin`), else asked for on a terminal; undefined lets svc make one. */
async function secretOf(env: CommandEnv, kind: string, fromStdin: boolean): Promise<string | undefined> {
  if (fromStdin) {
    const secret = (await env.io.stdin.read()).replace(/\r?\n$/, '')
    if (!secret)
      throw usageError('No secret on stdin: pipe it in, e.g. `svc-cli share sender add … --secret-stdin < secret.txt`')
    return secret
  }
  if (!env.interactive) {
    if (SVC_MAKES.has(kind)) return undefined
    throw usageError(`A ${kind} sender needs the secret the provider shows: pipe it to --secret-stdin`)
  }
  const hint = SVC_MAKES.has(kind) ? ' (empty: svc makes one)' : ''
  const secret = await env.prompt(`Paste the signing secret${hint}: `, '--secret-stdin', true)
  return secret === '' ? undefined : secret
}

export default defineSvcCommand({
  description:
    "Add a sender: the endpoint verifies its webhooks' signatures and stores them with meta.source and meta.verified",
  example: 'svc-cli share sender add --app 0193… --name stripe --kind stripe --require --secret-stdin < whsec.txt',
  effect: 'write',
  args: {
    ...appArg,
    name: { type: 'string', description: 'Its name, stored as meta.source', required: true, valueHint: 'name' },
    kind: {
      type: 'string',
      description: `How it signs: ${SENDER_KINDS.join(', ')}`,
      required: true,
      valueHint: 'kind',
    },
    require: { type: 'boolean', description: 'Refuse posts no sender signed (401 bad_signature)' },
    'secret-stdin': {
      type: 'boolean',
      description: 'Read the secret from stdin (on a terminal it is asked for; github and hmac: svc makes one if none)',
    },
    header: { type: 'string', description: 'hmac: the header carrying the signature', valueHint: 'header' },
    encoding: { type: 'string', description: 'hmac: hex (default) or base64', valueHint: 'hex|base64' },
    prefix: { type: 'string', description: 'hmac: text before the signature, e.g. sha256=', valueHint: 'prefix' },
  },
  async run(args, env) {
    const input = {
      name: args.name,
      kind: args.kind,
      ...(args.require ? { require: true } : {}),
      ...(args.header !== undefined ? { header: args.header } : {}),
      ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
      ...(args.prefix !== undefined ? { prefix: args.prefix } : {}),
    } as AddSenderInput
    // The shape is checked before a secret is asked for.
    checkInput(addSenderSchema, input)
    const secret = await secretOf(env, args.kind, Boolean(args['secret-stdin']))
    const body = checkInput(addSenderSchema, secret === undefined ? input : { ...input, secret })
    const sender = await env.client().call('senders.add', { params: { id: args.app }, body })
    return result(sender, senderDetails(sender))
  },
})
