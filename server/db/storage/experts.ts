/**
 * @module The storage of the expert profile and commentary: the interface core calls
 * (implemented in sqlite/experts.ts and postgres/experts.ts) and its plain row types.
 * Every write announces 'app' for the app (report pages show both).
 */
import type { ScaleRow } from './scales.ts'

/** The profile shown on reports; one row per app, made on first write. */
export interface ExpertProfileRow {
  appId: string
  name: string
  title: string
  bio: string
  avatarUrl: string | null
  updatedAt: number
}

/** Profile properties to set; those left out keep their value (or their default on a first write). */
export type ExpertProfilePatch = Partial<Pick<ExpertProfileRow, 'name' | 'title' | 'bio' | 'avatarUrl'>>

/** The expert's comment on one level of one scale, with the scale's current key. */
export interface ExpertCommentRow {
  scaleId: string
  scaleKey: string
  levelKey: string
  text: string
  createdAt: number
  updatedAt: number
}

export interface NewExpertComment {
  appId: string
  scaleId: string
  levelKey: string
  text: string
  /** The comment's id if it is new. */
  id: string
  now: number
}

export type ExpertCommentWrite = { ok: true; row: ExpertCommentRow } | { ok: false; reason: 'not_found' | 'no_level' }

export interface ExpertStore {
  /** The profile of an app; null before the first write. */
  profile(appId: string): Promise<ExpertProfileRow | null>
  /** Sets the given properties in one statement (two writers never undo each other's properties); the row after. */
  upsertProfile(appId: string, patch: ExpertProfilePatch, updatedAt: number): Promise<ExpertProfileRow>
  /** The comments of an app, in scale order, then by level key. */
  comments(appId: string): Promise<ExpertCommentRow[]>
  /**
   * Sets (adds or replaces) the comment on level `levelKey` of scale `scaleId` while holding
   * the scale, so a level removed meanwhile cannot keep a comment: `hasLevel` (pure) is asked
   * about the scale as it is now. `not_found`: the scale is gone; `no_level`: it has no such level.
   */
  setComment(comment: NewExpertComment, hasLevel: (scale: ScaleRow) => boolean): Promise<ExpertCommentWrite>
  /** Removes the comment on one level of a scale; false when there was none. */
  removeComment(appId: string, scaleId: string, levelKey: string): Promise<boolean>
}
