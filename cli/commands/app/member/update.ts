import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { memberArg, memberNamed, memberRoleArg } from './_view.ts'
import type { MemberRole } from '../../../../server/contract/access/roles.ts'

export default defineSvcCommand({
  description: "Change a member's role; it takes effect on their next request",
  example: 'svc-cli app member update --app Survey --member grace@example.com --role editor',
  effect: 'write',
  args: { ...appArg, ...memberArg, ...memberRoleArg },
  async run(args, env) {
    const client = env.client()
    const { members } = await client.call('members.list', { params: { id: args.app } })
    const member = memberNamed(members, args.member)
    const updated = await client.call('members.update', {
      params: { id: args.app, user: member.userId },
      body: { role: args.role as MemberRole },
    })
    return result(updated, () => `${updated.email} is now ${updated.role}.`)
  },
})
