import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { membersTable } from './_view.ts'

export default defineSvcCommand({
  description:
    "List an app's owner, members and their roles, and the invitations not yet accepted (admins and the owner)",
  example: 'svc-cli app member list --app Survey',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().call('members.list', { params: { id: args.app } })
    return result(data, membersTable(data.members, data.invitations))
  },
})
