/**
 * @module The kinds of senders (the third parties whose webhook deliveries an endpoint
 * verifies), their signature headers and limits: plain constants, so the admin page loads
 * them without the input schemas.
 */
export const SENDER_KINDS = ['github', 'stripe', 'standard', 'shopify', 'hmac'] as const
export type SenderKind = (typeof SENDER_KINDS)[number]

/** The header each kind signs with (for `hmac`, the owner names it). */
export const SENDER_HEADERS: Record<Exclude<SenderKind, 'hmac'>, string> = {
  github: 'X-Hub-Signature-256',
  stripe: 'Stripe-Signature',
  standard: 'webhook-signature',
  shopify: 'X-Shopify-Hmac-Sha256',
}

/** What each kind is, for people (help, skill, admin). */
export const SENDER_KIND_LABELS: Record<SenderKind, string> = {
  github: 'GitHub (X-Hub-Signature-256)',
  stripe: 'Stripe (Stripe-Signature)',
  standard: 'Standard Webhooks: Svix, Clerk, Resend … (webhook-id, webhook-timestamp, webhook-signature)',
  shopify: 'Shopify (X-Shopify-Hmac-Sha256)',
  hmac: 'Any HMAC-SHA256 of the body in a header you name (hex or base64, optional prefix)',
}

export const SENDER_LIMITS = {
  /** Senders an endpoint may have. */
  perApp: 10,
  /** Stripe and Standard Webhooks deliveries signed longer ago (or further ahead) than this are stale. */
  toleranceSeconds: 300,
  maxNameLength: 32,
  maxSecretLength: 512,
  /** Bytes of a secret svc makes when none is given (github, hmac). */
  generatedSecretBytes: 32,
} as const
