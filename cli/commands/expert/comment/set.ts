import { defineSvcCommand } from '../../../command.ts'
import { details, result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { levelRefArgs } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { setCommentSchema } from '../../../../server/contract/expert/schemas.ts'

export default defineSvcCommand({
  description: "Set the expert's comment for one level of a scale",
  example:
    'svc-cli expert comment set --app 0193… --scale mood --level low --text "Talk to someone you trust this week."',
  effect: 'write',
  args: {
    ...appArg,
    ...levelRefArgs,
    text: {
      type: 'string',
      description: 'Advice shown to respondents at this level',
      required: true,
      valueHint: 'text',
    },
  },
  async run(args, env) {
    const comment = await env.client().call('expert.setComment', {
      params: { id: args.app, scale: args.scale, level: args.level },
      body: checkInput(setCommentSchema, { text: args.text }),
    })
    return result(comment, (style) =>
      details(style, { scale: comment.scale, level: comment.level, text: comment.text, updated: comment.updatedAt }),
    )
  },
})
