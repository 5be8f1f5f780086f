import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { usageError } from '../../../errors.ts'

/** The invitation token of a link (…/admin/#/invitation/<token>) or of the token itself. */
const tokenOf = (link: string): string => {
  const token = link.trim().split('/').at(-1) ?? ''
  if (!/^svc_inv_[\w-]+$/.test(token))
    throw usageError('Pass the invitation link you were sent (…/invitation/svc_inv_…)')
  return token
}

export default defineSvcCommand({
  description:
    'Accept an invitation to an app as the account you are logged in as (its e-mail must be the invited one)',
  example: 'svc-cli app member accept https://svc.example.com/admin/#/invitation/svc_inv_…',
  effect: 'write',
  args: {
    link: { type: 'positional', description: 'The invitation link', required: true, valueHint: 'link' },
  },
  async run(args, env) {
    const accepted = await env.client().call('invitations.accept', { params: { token: tokenOf(args.link) }, body: {} })
    return result(accepted, () => `You now work on "${accepted.app.name}" (${accepted.app.id}) as ${accepted.role}.`)
  },
})
