import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { memberArg, memberNamed } from './_view.ts'

export default defineSvcCommand({
  description:
    'Remove a member, or withdraw an invitation not yet accepted: their sessions and tokens lose the app at once',
  example: 'svc-cli app member remove --app Survey --member grace@example.com --yes',
  effect: 'destructive',
  args: { ...appArg, ...memberArg, ...yesArg },
  async run(args, env) {
    const client = env.client()
    const { members, invitations } = await client.call('members.list', { params: { id: args.app } })
    const invited = invitations.find((invitation) => invitation.email === args.member.trim().toLowerCase())
    if (invited && !members.some((member) => member.email === invited.email)) {
      await env.confirm(`Withdraw the invitation of ${invited.email} to app ${args.app}?`, args.yes)
      const revoked = await client.call('invitations.revoke', { params: { id: args.app, invitation: invited.id } })
      return result({ ...revoked, email: invited.email }, () => `Withdrew the invitation of ${invited.email}.`)
    }
    const member = memberNamed(members, args.member)
    await env.confirm(`Remove ${member.email} (${member.role}) from app ${args.app}?`, args.yes)
    const removed = await client.call('members.remove', { params: { id: args.app, user: member.userId } })
    return result({ ...removed, email: member.email }, () => `Removed ${member.email}.`)
  },
})
