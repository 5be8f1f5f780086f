/**
 * @module The wording of the account alert mail (alerts.ts): every alert of one batch, each
 * with the link that revokes the token it names, and one link for all of them.
 */
import type { Mail } from '../mailer.ts'
import { escapeText } from '../webhooks/notify-mail.ts'
import type { AccountAlert, TokenRef } from './alert-types.ts'

/** What the mail builder needs besides the alerts: the link maker and where the server is. */
export interface AlertMailInput {
  to: string
  baseUrl: string
  alerts: Array<{ alert: AccountAlert; at: number }>
  link(tokenIds: string[]): string
}

const tokenText = (token: TokenRef) => `"${escapeText(token.name)}" (${token.prefix}…)`
const byText = (by: TokenRef | null) =>
  by ? `with the access token ${tokenText(by)}` : 'from a logged-in admin session'

/** The tokens a revoke link of this alert names. */
export function tokensToRevoke(alert: AccountAlert): TokenRef[] {
  switch (alert.kind) {
    case 'token.created':
      return [alert.token]
    case 'token.expiring':
      return []
    case 'webhook.added':
    case 'webhook.changed':
    case 'tokens.revoked':
      return alert.by ? [alert.by] : []
    case 'password.changed':
      return alert.live
  }
}

function describe(alert: AccountAlert): string {
  switch (alert.kind) {
    case 'token.created':
      return `A new access token ${tokenText(alert.token)} was created.`
    case 'token.expiring':
      return (
        `The access token ${tokenText(alert.token)} stops working at ${new Date(alert.expiresAt).toISOString()}. ` +
        'If it is still needed, make its successor before then: svc-cli auth token create, or Account → Access Tokens in the admin page.'
      )
    case 'webhook.added':
    case 'webhook.changed':
      return (
        `A webhook was ${alert.kind === 'webhook.added' ? 'added to' : 'changed on'} the app "${escapeText(alert.appName)}" (${alert.appId}) ${byText(alert.by)}; ` +
        `it sends records to ${escapeText(alert.url)}.`
      )
    case 'tokens.revoked':
      return `${alert.revoked.length} other access token${alert.revoked.length === 1 ? ' was' : 's were'} revoked ${byText(alert.by)}: ${alert.revoked.map(tokenText).join(', ')}.`
    case 'password.changed':
      return alert.live.length === 0
        ? 'Your password was changed. No access token is live.'
        : `Your password was changed. These access tokens still work: ${alert.live.map(tokenText).join(', ')}.`
  }
}

const ACTION: Record<AccountAlert['kind'], string> = {
  'token.created': 'Not you? Revoke it',
  'token.expiring': '',
  'webhook.added': 'Not you? Revoke that token',
  'webhook.changed': 'Not you? Revoke that token',
  'tokens.revoked': 'Not you? Revoke that token',
  'password.changed': 'Revoke them all',
}

function subjectOf(alerts: AccountAlert[]): string {
  if (alerts.length > 1) return `svc: ${alerts.length} changes to your account's access`
  return alerts[0]?.kind === 'token.expiring'
    ? 'svc: an access token expires soon'
    : "svc: a change to your account's access"
}

/** One mail for the alerts of a batch, oldest first. */
export function alertMail(input: AlertMailInput): Mail {
  const lines = [`At ${input.baseUrl}, for ${input.to}:`, '']
  const all = new Map<string, TokenRef>()
  for (const { alert, at } of input.alerts) {
    lines.push(`- ${new Date(at).toISOString()}  ${describe(alert)}`)
    const tokens = tokensToRevoke(alert)
    for (const token of tokens) all.set(token.id, token)
    if (tokens.length > 0) lines.push(`  ${ACTION[alert.kind]}: ${input.link(tokens.map((t) => t.id))}`)
    lines.push('')
  }
  if (all.size > 1) lines.push(`Revoke every token named in this e-mail: ${input.link([...all.keys()])}`, '')
  lines.push(
    'If this was you, there is nothing to do.',
    'A revoke link only revokes the tokens it names: it logs nobody in and changes nothing else. It works for 7 days.',
    'Changes within a minute of each other come in one e-mail.',
    '',
  )
  return {
    to: input.to,
    subject: subjectOf(input.alerts.map(({ alert }) => alert)),
    text: lines.join('\n'),
  }
}
