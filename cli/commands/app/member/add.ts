import { defineSvcCommand } from '../../../command.ts'
import { details, result } from '../../../output.ts'
import { asProgram } from '../../../program.ts'
import { appArg } from '../../_shared.ts'
import { inviteRoleArg } from './_view.ts'
import type { Role } from '../../../../server/contract/access/roles.ts'

export default defineSvcCommand({
  description:
    'Invite someone to an app by e-mail with a role: the link (valid 7 days, once) is mailed and printed, to pass on yourself when the server has no SMTP',
  example: 'svc-cli app member add --app Survey --email grace@example.com --role viewer',
  effect: 'write',
  args: {
    ...appArg,
    email: { type: 'string', description: 'Their e-mail address', required: true, valueHint: 'email' },
    ...inviteRoleArg,
  },
  async run(args, env) {
    const data = await env
      .client()
      .call('members.invite', { params: { id: args.app }, body: { email: args.email, role: args.role as Role } })
    const sent = data.mailed
      ? `Mailed to ${data.invitation.email}.`
      : `This server has no SMTP, so nothing was mailed: send ${data.invitation.email} the link yourself.`
    return result(
      data,
      (style) =>
        `${details(style, {
          invited: data.invitation.email,
          role: data.invitation.role,
          expires: data.invitation.expiresAt,
        })}\n\n${data.url}\n\n${asProgram(`${sent} They accept in the admin page, or with: svc-cli app member accept <link>`, style.program)}`,
    )
  },
})
