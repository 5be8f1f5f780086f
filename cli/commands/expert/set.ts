import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { expertView } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { setExpertSchema } from '../../../server/contract/expert/schemas.ts'

export default defineSvcCommand({
  description: 'Set the expert profile shown on reports (name, title, bio, avatar)',
  example: 'svc-cli expert set --app 0193… --name "Dr. Ana Ruiz" --title "Clinical psychologist" --bio "…"',
  effect: 'write',
  args: {
    ...appArg,
    name: { type: 'string', description: 'e.g. "Dr. Ana Ruiz" ("" clears it)', valueHint: 'text' },
    title: { type: 'string', description: 'e.g. "Clinical psychologist" ("" clears it)', valueHint: 'text' },
    bio: { type: 'string', description: 'A few sentences about the expert', valueHint: 'text' },
    'avatar-url': { type: 'string', description: 'https image URL; "none" removes it', valueHint: 'url' },
  },
  async run(args, env) {
    const avatar = args['avatar-url']
    const body = {
      name: args.name,
      title: args.title,
      bio: args.bio,
      avatarUrl: avatar === undefined ? undefined : avatar.trim().toLowerCase() === 'none' ? null : avatar,
    }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError('Nothing to change: pass --name, --title, --bio and/or --avatar-url')
    const expert = await env
      .client()
      .call('expert.update', { params: { id: args.app }, body: checkInput(setExpertSchema, body) })
    return result(expert, expertView(expert))
  },
})
