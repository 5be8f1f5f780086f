/**
 * @module How senders read in a terminal; shared by the sender commands.
 */
import { bold, details, table, type Style } from '../../../output.ts'
import type { AddedSender, Sender } from '../../../../server/contract/api/senders.ts'

export type { AddedSender, Sender }

export const senderDetails = (sender: AddedSender) => (style: Style) => {
  const lines = details(style, {
    name: sender.name,
    kind: sender.kind,
    header: sender.header,
    require: sender.require ? 'yes: unsigned posts are refused' : 'no: unsigned posts are stored, unverified',
  })
  if (sender.secret === undefined) return lines
  return `${lines}\n\n${bold(style, `secret  ${sender.secret}`)}\nShown this once: paste it as the webhook's secret on the provider's side.`
}

export const senderTable = (senders: Sender[]) => (style: Style) =>
  table(
    style,
    senders,
    {
      name: (s) => s.name,
      kind: (s) => s.kind,
      header: (s) => s.header,
      require: (s) => (s.require ? 'yes' : 'no'),
      created: (s) => s.createdAt,
    },
    'No senders yet: add one with svc-cli share sender add --app <appId> --name github --kind github',
  )
