import { defineGroup, lazy } from '../../../command.ts'

export default defineGroup(
  "Verify webhooks other systems send to an app's endpoint (GitHub, Stripe, Shopify, Standard Webhooks, HMAC)",
  {
    add: lazy(() => import('./add.ts')),
    list: lazy(() => import('./list.ts')),
    remove: lazy(() => import('./remove.ts')),
  },
)
