/** @module The account alerts' shapes (alerts.ts), apart so the mail wording and the store need not import the sender. */

/** An access token as an alert names it. */
export interface TokenRef {
  id: string
  name: string
  prefix: string
}

/** What happened, as stored and mailed. */
export type AccountAlert =
  | { kind: 'token.created'; token: TokenRef }
  /** The token stops working at `expiresAt` (epoch ms). */
  | { kind: 'token.expiring'; token: TokenRef; expiresAt: number }
  | {
      kind: 'webhook.added' | 'webhook.changed'
      appId: string
      appName: string
      url: string
      /** The token that did it; null for an admin session. */
      by: TokenRef | null
    }
  | { kind: 'tokens.revoked'; revoked: TokenRef[]; by: TokenRef | null }
  | { kind: 'password.changed'; live: TokenRef[] }
