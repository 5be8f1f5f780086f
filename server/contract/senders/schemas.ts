/**
 * @module The input schema of `senders.add` (the kinds and limits: kinds.ts), shared by the
 * route, the CLI and the admin page's types.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { SENDER_KINDS, SENDER_LIMITS } from './kinds.ts'

export { SENDER_HEADERS, SENDER_KIND_LABELS, SENDER_KINDS, SENDER_LIMITS, type SenderKind } from './kinds.ts'

const NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/

export const senderNameSchema = z
  .string({ error: expect('a name such as "github"') })
  .trim()
  .min(1, 'must not be empty')
  .max(SENDER_LIMITS.maxNameLength, `can have at most ${SENDER_LIMITS.maxNameLength} characters`)
  .regex(NAME_PATTERN, 'may hold only lower-case letters, digits, "-" and "_", starting with a letter or digit')
  .meta({ description: "The sender's name: stored as meta.source of its deliveries", example: 'github' })

const headerNameSchema = z
  .string({ error: expect('a header name') })
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'can have at most 64 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'may hold only letters, digits and "-"')

export const addSenderSchema = bodyObject({
  name: senderNameSchema,
  kind: z
    .enum(SENDER_KINDS, { error: `must be one of ${SENDER_KINDS.map((kind) => `"${kind}"`).join(', ')}` })
    .meta({ description: `How deliveries are signed: ${SENDER_KINDS.join(', ')}` }),
  secret: z
    .string({ error: expect('text') })
    .min(1, 'must not be empty')
    .max(SENDER_LIMITS.maxSecretLength, `can have at most ${SENDER_LIMITS.maxSecretLength} characters`)
    .optional()
    .meta({
      description:
        "The signing secret, as the provider shows it (Stripe and Standard Webhooks: whsec_…). Optional for github and hmac: svc then makes one and answers with it, once, to paste on the provider's side",
    }),
  require: z
    .boolean({ error: expect('true or false') })
    .optional()
    .meta({
      description:
        'Refuse every post to the endpoint that no sender signed (401 bad_signature): it then takes only signed deliveries (default false)',
    }),
  header: headerNameSchema
    .optional()
    .meta({ description: 'hmac only: the header carrying the signature', example: 'X-Signature' }),
  encoding: z
    .enum(['hex', 'base64'], { error: 'must be "hex" or "base64"' })
    .optional()
    .meta({ description: 'hmac only: how the signature is written (default hex)' }),
  prefix: z
    .string({ error: expect('text') })
    .max(32, 'can have at most 32 characters')
    .optional()
    .meta({ description: 'hmac only: text before the signature in the header, e.g. "sha256="', example: 'sha256=' }),
})
export type AddSenderInput = z.input<typeof addSenderSchema>
