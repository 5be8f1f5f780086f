import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'

export default defineSvcCommand({
  description: 'Cancel your pending e-mail change (its confirmation link stops working)',
  example: 'svc-cli profile cancel-email',
  effect: 'write',
  async run(_args, env) {
    const data = await env.client().request<{ cancelled: boolean }>('DELETE', '/api/v3/profile/email')
    return result(data, () => (data.cancelled ? 'The e-mail change was cancelled; its link no longer works.' : 'No e-mail change was waiting.'))
  },
})
