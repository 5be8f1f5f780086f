import { expect, test } from 'bun:test'
import { shareSkill } from '../../../server/contract/skills/share.ts'
import { MAX_ATTEMPTS, OUTBOX_BATCH, WEBHOOK_EVENTS } from '../../../server/contract/webhooks/events.ts'
import { NOTIFY_PER_HOUR } from '../../../server/core/webhooks/notifications.ts'

test('the share skill (svc://skills/share) describes webhooks and notifications from the constants', () => {
  const skill = shareSkill()
  for (const event of WEBHOOK_EVENTS) expect(skill).toContain(`\`${event}\``)
  expect(skill).toContain('`webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`')
  expect(skill).toContain(`${MAX_ATTEMPTS} attempts over ≈ 28 h`)
  expect(skill).toContain('`{"type","timestamp","data":{"appId","records"?}}`')
  expect(skill).toContain(`at most ${OUTBOX_BATCH.records} a delivery`)
  expect(skill).toContain(`at most ${NOTIFY_PER_HOUR} an hour per app, then digests`)
  expect(skill).toContain('SVC_WEBHOOK_ALLOW_PRIVATE=1')
})
