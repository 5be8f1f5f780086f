/**
 * @module The senders operations: the third parties whose signed webhook deliveries an
 * app's endpoint verifies (server/contract/senders/schemas.ts), with their answers.
 */
import { z } from 'zod'
import { addSenderSchema, SENDER_KINDS, SENDER_LIMITS } from '../senders/schemas.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { isoTime } from './shapes.ts'

const senderShape = onFirstUse(() => ({
  name: z.string().meta({ description: 'Stored as meta.source of its verified deliveries' }),
  kind: z.enum(SENDER_KINDS),
  require: z.boolean().meta({ description: 'Posts no sender signed are refused (401 bad_signature)' }),
  header: z.string().meta({ description: 'The header its signature comes in' }),
  encoding: z.enum(['hex', 'base64']).optional().meta({ description: 'hmac only: how the signature is written' }),
  prefix: z.string().optional().meta({ description: 'hmac only: the text before the signature' }),
  createdAt: isoTime,
}))

export const senderSchema = named('Sender', () => z.object(senderShape()))
export type Sender = z.output<ReturnType<typeof senderSchema>>

/** A sender just added: the secret appears only when svc made it, this once. */
export const addedSenderSchema = named('AddedSender', () =>
  z.object({
    ...senderShape(),
    secret: z
      .string()
      .optional()
      .meta({ description: "The secret svc made (none was given), shown this once: paste it on the provider's side" }),
  }),
)
export type AddedSender = z.output<ReturnType<typeof addedSenderSchema>>

const tags = ['share']

export const senderOperations = lazyAnswers({
  'senders.list': {
    summary: "List an app's senders",
    description: 'The secrets are never shown again.',
    tags,
    access: 'owner',
    permission: 'settings:read',
    answers: () => ({ 200: data(z.object({ senders: z.array(senderSchema()) }), 'The senders') }),
    errors: ['not_found'],
  },
  'senders.add': {
    summary: 'Add a sender whose signed webhooks the endpoint verifies',
    description: `A delivery whose signature checks out is stored with meta.source set to the sender's name and meta.verified true, once per delivery id, and its keys become accepted fields. An app has at most ${SENDER_LIMITS.perApp} senders (409 conflict, also for a name taken).`,
    tags,
    access: 'owner',
    permission: 'share:write',
    body: addSenderSchema,
    answers: () => ({ 200: data(addedSenderSchema(), 'The new sender (with its secret when svc made it)') }),
    errors: ['not_found', 'conflict', 'validation'],
  },
  'senders.remove': {
    summary: 'Remove a sender',
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(z.object({ name: z.string(), removed: z.literal(true) }), 'What was removed') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'senders'>
