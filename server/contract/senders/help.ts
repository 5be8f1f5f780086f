/**
 * @module What senders mean, in a user's words: one text for the endpoint's ?help and the
 * share skill, built from the kinds and limits so it cannot drift from behaviour.
 */
import { SENDER_HEADERS, SENDER_KINDS, SENDER_LIMITS } from './kinds.ts'

const minutes = SENDER_LIMITS.toleranceSeconds / 60

/** The lines on verified webhooks (senders), as Markdown list items. */
export const SENDERS_HELP = [
  `- **Verified webhooks (senders)**: the owner adds a sender per provider (\`svc-cli share sender add --app <id> --name <name> --kind ${SENDER_KINDS.join('|')}\`, or Setup → Sharing in the admin page), with its signing secret (read from stdin or a prompt; Stripe and Standard Webhooks secrets are \`whsec_…\`; for github and hmac svc can make one, shown once). At most ${SENDER_LIMITS.perApp} per app.`,
  `- Signatures are checked on the raw body before it is parsed, in constant time: github \`${SENDER_HEADERS.github}\`, stripe \`${SENDER_HEADERS.stripe}\` (\`t=…,v1=…\`), standard \`webhook-id\` + \`webhook-timestamp\` + \`${SENDER_HEADERS.standard}\` (Svix, Clerk, Resend …), shopify \`${SENDER_HEADERS.shopify}\`, hmac: a header you name, hex or base64 HMAC-SHA256 of the body after an optional prefix.`,
  "- A verified delivery is stored with `meta.source` = the sender's name and `meta.verified: true` (a poster cannot set `verified`); its delivery id (`X-GitHub-Delivery`, `webhook-id`, `X-Shopify-Webhook-Id`, a Stripe event's `id`) is its Idempotency-Key, so a retry is stored once; its keys become accepted fields, and keys past the field limit stay in the record instead of refusing it.",
  `- Every sender whose signature header a post carries is tried; a signature none verifies is \`401 bad_signature\`, a good Stripe or Standard Webhooks signature more than ${minutes} minutes old (or ahead) \`401 stale_signature\`; nothing is stored. With \`--require\` on any sender, unsigned posts, forms and batches get \`401 bad_signature\` too; without it they are stored as usual, not marked verified.`,
].join('\n')
