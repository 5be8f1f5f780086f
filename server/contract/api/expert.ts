/**
 * @module The expert operations (the author's profile shown on reports and their
 * commentary per scale level) and their answers. `:scale` is a scale id or key, `:level`
 * a level key of that scale.
 */
import { z } from 'zod'
import { setCommentSchema, setExpertSchema } from '../expert/schemas.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { isoTime } from './shapes.ts'

export const expertCommentSchema = named('ExpertComment', () =>
  z.object({
    scale: z.string().meta({ description: "The scale's key" }),
    level: z.string().meta({ description: 'The level key' }),
    text: z.string(),
    updatedAt: isoTime,
  }),
)
export type ExpertComment = z.output<ReturnType<typeof expertCommentSchema>>

const expertProfileSchema = onFirstUse(() =>
  z.object({
    name: z.string(),
    title: z.string(),
    bio: z.string(),
    avatarUrl: z.string().nullable().meta({ description: 'An https image URL; null without a picture' }),
  }),
)

/** The profile alone, as reports show it. */
export type ExpertProfile = z.output<ReturnType<typeof expertProfileSchema>>

export const expertSchema = named('Expert', () =>
  expertProfileSchema()
    .extend({ comments: z.array(expertCommentSchema()).meta({ description: 'In scale order, then by level key' }) })
    .meta({
      description: 'The profile (empty strings until set) and the comments',
    }),
)
export type Expert = z.output<ReturnType<typeof expertSchema>>

export const expertCommentsSchema = named('ExpertComments', () =>
  z.object({ comments: z.array(expertCommentSchema()) }),
)

const tags = ['expert']

export const expertOperations = lazyAnswers({
  'expert.get': {
    summary: 'The expert profile and comments',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(expertSchema(), 'The expert') }),
    errors: ['not_found'],
  },
  'expert.update': {
    summary: 'Change the expert profile',
    description: 'Properties left out stay; avatarUrl null removes the picture.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: setExpertSchema,
    answers: () => ({ 200: data(expertSchema(), 'The expert as it is now') }),
    errors: ['not_found'],
  },
  'expert.comments': {
    summary: 'List the comments per scale level',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(expertCommentsSchema(), 'The comments') }),
    errors: ['not_found'],
  },
  'expert.setComment': {
    summary: 'Set the comment for one level of a scale',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: setCommentSchema,
    answers: () => ({ 200: data(expertCommentSchema(), 'The comment') }),
    errors: ['bad_request', 'not_found'],
  },
  'expert.removeComment': {
    summary: 'Remove the comment for one level of a scale',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({
      200: data(z.object({ deleted: z.literal(true), scale: z.string(), level: z.string() }), 'What was removed'),
    }),
    errors: ['bad_request', 'not_found'],
  },
} as const) satisfies OperationsOf<'expert'>
