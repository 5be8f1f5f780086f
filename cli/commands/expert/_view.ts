/**
 * @module How the expert (profile and commentary per scale level) reads in a terminal.
 */
import type { Expert, ExpertComment } from '../../../server/contract/api/expert.ts'
import { bold, details, table, type Style } from '../../output.ts'

// The API's shapes are the contract's answer types (type-only: nothing of the server loads).
export type { Expert, ExpertComment }

export const levelRefArgs = {
  scale: { type: 'string', description: 'Scale key or id', required: true, valueHint: 'scale' },
  level: { type: 'string', description: 'Level key of that scale', required: true, valueHint: 'level' },
} as const

/** One line per comment. */
export const commentTable = (comments: ExpertComment[]) => (style: Style) =>
  table(
    style,
    comments,
    { scale: (c) => c.scale, level: (c) => c.level, text: (c) => c.text, updated: (c) => c.updatedAt },
    'No comments yet. Add one with: svc-cli expert comment set --app <appId> --scale mood --level low --text "…"',
  )

/** The profile, then the comments. */
export const expertView = (expert: Expert) => (style: Style) =>
  `${details(style, { name: expert.name || '-', title: expert.title || '-', bio: expert.bio || '-', avatar: expert.avatarUrl })}\n\n${bold(style, 'Comments')}\n${commentTable(expert.comments)(style)}`
