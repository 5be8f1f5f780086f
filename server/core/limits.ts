/**
 * @module Platform limits. Enforcement, `?help` pages, skill documents and MCP tool
 * descriptions all read these, so documentation cannot drift from behaviour.
 */
export const LIMITS = {
  /** Fields per app, whether defined or auto-created. */
  maxFields: 50,
  /** Largest `size` of a /query page; larger is a 400, never clamped. */
  maxPageSize: 1000,
  defaultPageSize: 100,
  /** Records in one /batch request. */
  maxBatch: 1000,
  /** Request body bytes (server default; SVC_MAX_BODY overrides). */
  maxBodyBytes: 1024 * 1024,
  /** JSON nesting depth (SVC_MAX_DEPTH overrides). */
  maxDepth: 32,
  /** Keys in one record, counted at every level (SVC_MAX_KEYS overrides). */
  maxKeys: 1000,
  /** Field name length after trimming. */
  maxFieldNameLength: 64,
  maxAppNameLength: 200,
  maxDescriptionLength: 5000,
  maxLabelLength: 200,
  maxOptions: 100,
  maxOptionLength: 200,
  /** Top values listed per field in /summary. */
  summaryTopValues: 20,
  summaryDays: 30,
} as const

/** The field types a defined field may have. */
export const FIELD_TYPES = ['text', 'number', 'boolean', 'choice', 'multichoice', 'date', 'email', 'json'] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Types whose values must come from `options`. */
export const CHOICE_TYPES: readonly FieldType[] = ['choice', 'multichoice']

/** Auth timing, in milliseconds unless named otherwise. */
export const AUTH = {
  codeDigits: 6,
  codeTtlMs: 10 * 60 * 1000,
  codeMaxAttempts: 5,
  codeEmailsPerHour: 5,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  minPasswordLength: 8,
  maxPasswordLength: 256,
  accessTokenPrefix: 'svc_pat_',
  maxTokenNameLength: 100,
} as const
