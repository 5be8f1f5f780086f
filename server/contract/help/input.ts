/**
 * @module What the help pages and snippets are written from: one endpoint's live facts (its
 * URL, fields with their counts, switches and limits). The self-description reads them (server/help/live.ts);
 * the snippets here and the admin page render them.
 */
import type { SpamRules } from '../share/spam-rules.ts'
import type { FieldForm } from '../fields/form.ts'
import type { FieldType } from '../fields/types/index.ts'
import type { ReadAccess } from '../share/reads.ts'
import type { PageLayout } from '../share/pages.ts'
import type { TypeSettings } from '../fields/type-settings.ts'

/** A field as the help pages show it; its type's own settings (a rating's `max`) at the top level, as the API's Field has them. */
export interface HelpField extends TypeSettings, FieldForm {
  name: string
  type: FieldType
  label: string
  required: boolean
  options: string[] | null
  autoCreated: boolean
  /** A file field's options (the API's Field keys); absent for other types. */
  maxFiles?: number
  maxSize?: number
  accept?: string[]
  /** Non-spam records holding a value for this field; null when the reader may not see counts. */
  count: number | null
}

export interface HelpInput {
  url: string
  appName: string
  fields: HelpField[]
  /** Non-spam and spam records; null when the reader may not see counts. */
  kept: number | null
  spam: number | null
  service: boolean
  reads: ReadAccess
  /** The public summary lists a value only when at least this many records gave it. */
  minRespondents: number
  autoCreate: boolean
  honeypot: string
  /** `20/s,100` or `off`. */
  rateLimit: string
  maxBodyBytes: number
  maxDepth: number
  maxKeys: number
  /** The form's limits (share settings), and why it is closed now (null while it takes responses). */
  limits: HelpLimits
  /** The form's page layout (share setting `pages`): titles and page conditions; absent or [] for none. */
  pages?: PageLayout[]
}

/** The limits of a form as its help pages state them. */
export interface HelpLimits {
  closedNow: 'hand' | 'date' | 'count' | null
  closeAfter: number | null
  /** ISO 8601; null for never. */
  closesAt: string | null
  onePerBrowser: boolean
  uniqueField: string | null
  /** The content rules strangers' posts are checked against (share setting spamRules); null for none. */
  spamRules?: SpamRules | null
  /** The duplicate window in seconds (0: off) and whether JSON posts take it. */
  dedupeSeconds?: number
  dedupeJson?: boolean
  /** The proof-of-work challenge (share setting `challenge`); absent: off. */
  challenge?: 'off' | 'flag' | 'require'
}
