/**
 * @module The owner's sender operations: list, add (a secret svc makes is shown once; a
 * secret given is never shown back) and remove. Every operation checks the app is the
 * caller's first.
 */
import { randomBytes } from 'node:crypto'
import type { AddedSender, Sender } from '../../contract/api/senders.ts'
import type { AppContext } from '../context.ts'
import type { SenderRow } from '../../db/storage/senders.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { AppError, notFound, validationError, type Problem } from '../../contract/errors.ts'
import { addSenderSchema, SENDER_LIMITS, type AddSenderInput } from '../../contract/senders/schemas.ts'
import { requireApp } from '../apps/member-app.ts'
import { newId } from '../ids.ts'
import { specOf } from './cache.ts'
import { signatureHeader, standardKey, type HmacOptions } from './signatures.ts'

const toSender = (row: SenderRow): Sender => {
  const options = JSON.parse(row.options) as HmacOptions
  return {
    name: row.name,
    kind: row.kind as Sender['kind'],
    require: row.require,
    header: signatureHeader({ name: row.name, kind: row.kind as Sender['kind'], secret: '', require: false, options }),
    ...(row.kind === 'hmac' ? { encoding: options.encoding ?? 'hex', prefix: options.prefix ?? '' } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** The problems of an input that zod's shape cannot see: options of the kind, the form of its secret. */
function kindProblems(body: ReturnType<typeof addSenderSchema.parse>): Problem[] {
  const problems: Problem[] = []
  const hmacOnly = (['header', 'encoding', 'prefix'] as const).filter((key) => body[key] !== undefined)
  if (body.kind === 'hmac' && body.header === undefined)
    problems.push({ path: 'header', message: 'is required for kind "hmac": the header carrying the signature' })
  if (body.kind !== 'hmac')
    for (const key of hmacOnly) problems.push({ path: key, message: `is only for kind "hmac", not "${body.kind}"` })
  const secret = body.secret
  if (secret === undefined && (body.kind === 'stripe' || body.kind === 'standard' || body.kind === 'shopify'))
    problems.push({
      path: 'secret',
      message: `is required for kind "${body.kind}": paste the secret the provider shows`,
    })
  if (
    secret !== undefined &&
    body.kind === 'standard' &&
    (!secret.startsWith('whsec_') || standardKey(secret).length === 0)
  )
    problems.push({ path: 'secret', message: 'must be whsec_ followed by base64, as the provider shows it' })
  if (secret !== undefined && body.kind === 'stripe' && !secret.startsWith('whsec_'))
    problems.push({
      path: 'secret',
      message: "must be the endpoint's signing secret, whsec_…, from Stripe's dashboard",
    })
  return problems
}

export async function listSenders(ctx: AppContext, userId: string, appId: string): Promise<Sender[]> {
  await requireApp(ctx, userId, appId)
  return (await ctx.storage.senders.list(appId)).map(toSender)
}

/** Adds a sender; the answer carries the secret only when svc made it. */
export async function addSender(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: AddSenderInput,
): Promise<AddedSender> {
  const body = parseInput(addSenderSchema, input)
  const problems = kindProblems(body)
  if (problems.length > 0) throw validationError(problems)
  await requireApp(ctx, userId, appId)
  if ((await ctx.storage.senders.list(appId)).length >= SENDER_LIMITS.perApp) {
    throw new AppError(
      'conflict',
      `An app can have at most ${SENDER_LIMITS.perApp} senders; remove one first (svc-cli share sender remove)`,
    )
  }
  const made = body.secret === undefined ? randomBytes(SENDER_LIMITS.generatedSecretBytes).toString('base64url') : null
  const options: HmacOptions =
    body.kind === 'hmac' ? { header: body.header, encoding: body.encoding ?? 'hex', prefix: body.prefix ?? '' } : {}
  const row: SenderRow = {
    id: newId(),
    appId,
    name: body.name,
    kind: body.kind,
    secretCipher: ctx.sealer.seal(made ?? (body.secret as string)),
    require: body.require ?? false,
    options: JSON.stringify(options),
    createdAt: ctx.clock.now(),
  }
  // Opening what was sealed proves the row reads back before it is stored.
  specOf(row, ctx.sealer)
  if (!(await ctx.storage.senders.create(row)))
    throw new AppError(
      'conflict',
      `This app already has a sender named "${body.name}"; pick another name or remove it first`,
    )
  return { ...toSender(row), ...(made ? { secret: made } : {}) }
}

export async function removeSender(
  ctx: AppContext,
  userId: string,
  appId: string,
  name: string,
): Promise<{ name: string; removed: true }> {
  await requireApp(ctx, userId, appId)
  if (!(await ctx.storage.senders.remove(appId, name))) throw notFound('Sender')
  return { name, removed: true }
}
