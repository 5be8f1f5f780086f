/**
 * @module How webhooks and deliveries read in a terminal; shared by the webhook commands.
 */
import type { ArgsDef } from 'citty'
import { bold, details, red, table, type Style } from '../../../output.ts'
import type { Delivery, Webhook, WebhookWithSecret } from '../../../../server/contract/api/webhooks.ts'

export type { Delivery, Webhook, WebhookWithSecret }

export const webhookArg = {
  webhook: {
    type: 'string',
    description: 'Webhook id (see `svc-cli share webhook list`)',
    required: true,
    valueHint: 'webhookId',
  },
} as const satisfies ArgsDef

/** on, off, or off with why svc switched it off. */
export const stateOf = (hook: Webhook) =>
  hook.enabled ? 'on' : hook.disabledReason ? `off: ${hook.disabledReason}` : 'off'

export const webhookDetails = (hook: Webhook | WebhookWithSecret) => (style: Style) => {
  const lines = details(style, {
    id: hook.id,
    url: hook.url,
    events: hook.events,
    state: hook.enabled ? 'on' : red(style, stateOf(hook)),
    'failed attempts': hook.failures,
  })
  if (!('secret' in hook)) return lines
  return `${lines}\n\n${bold(style, `secret  ${hook.secret}`)}\nShown this once: store it where your receiver verifies signatures (Standard Webhooks).`
}

export const webhookTable = (hooks: Webhook[]) => (style: Style) =>
  table(
    style,
    hooks,
    { id: (h) => h.id, url: (h) => h.url, events: (h) => h.events, state: stateOf, failures: (h) => h.failures },
    'No webhooks yet: add one with svc-cli share webhook add --app <appId> --url <url>',
  )

export const deliveryTable = (deliveries: Delivery[]) => (style: Style) =>
  table(
    style,
    deliveries,
    {
      id: (d) => d.id,
      event: (d) => d.event,
      records: (d) => d.records,
      status: (d) => d.status,
      attempts: (d) => d.attempts,
      'last answer': (d) =>
        d.lastStatus === null ? d.lastError : `${d.lastStatus}${d.lastError ? ` ${d.lastError}` : ''}`,
      ms: (d) => d.lastLatencyMs,
      'next try': (d) => d.nextAt,
    },
    'No deliveries yet.',
  )
